// ESLint for the whole project: typescript-eslint with type information, React's hook rules on
// the browser app, import cycles, the rule that keeps test support out of the server build, the one
// door between the storefront and its stand-ins (src/emulators), and the rule that keeps the
// customer's and the admin's pages apart.
// Formatting is Prettier's job, so no rule here is about layout.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, includeIgnoreFile } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const testSupportZone = {
  target: ['./src/server', './src/emulators'],
  from: ['./src/server/testing/**', './src/emulators/payments/testing/**', './src/**/*.test.ts'],
  message: 'Production code must not import test support.',
};
const THE_SEAM = 'src/server/boot/stand-ins.ts';
const standInsBehindSeamZone = {
  target: './src/server',
  from: './src/emulators',
  message: `The storefront reaches its stand-ins (src/emulators) only through ${THE_SEAM}.`,
};
/** The stand-ins import nothing of the storefront but the files named in `except` (relative to src/server). */
const standInsApartZone = (except = []) => ({
  target: './src/emulators',
  from: './src/server',
  except,
  message: 'The stand-ins are programs of their own: they do not reach into the storefront (src/emulators/README.md).',
});
const paymentsEmulatorApartZone = {
  target: './src/emulators/payments',
  from: './src/server',
  message: 'The payments emulator stands apart from the storefront.',
};

export default defineConfig(
  // Build output, test reports and local data: what git ignores, ESLint ignores.
  includeIgnoreFile(fileURLToPath(new URL('.gitignore', import.meta.url))),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // verbatimModuleSyntax keeps every import that is not marked `type`; marking them keeps type-only
      // modules (and the server's types in the client) out of the bundles. Inline `type` is the house
      // style for imports that mix values and types.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // A method signature (`onClose(): void`) is checked bivariantly and reads as bound to its object;
      // a property signature (`onClose: () => void`) gets strictFunctionTypes and passes unbound-method.
      '@typescript-eslint/method-signature-style': ['error', 'property'],
      // A fake names the parameters of what it stands in for, used or not, as `_name`; and
      // `const { secret: _, ...rest } = value` is how the code leaves a property out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Fastify plugins and the fakes of Promise-returning interfaces are `async` without awaiting:
      // `async` is what turns a throw into the rejection their callers handle.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Written by `npm run api:client-types` from the committed OpenAPI document, never by hand.
  { ignores: ['packages/client/src/schema.d.ts'] },
  {
    // The example projects type-check against the built client on their own
    // (packages/client/test/package.test.ts); lint reads them with the repository's tsconfig.json,
    // which takes the client from its sources, so linting needs no build first.
    files: ['examples/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
  },
  {
    // Files outside tsconfig.json: plain JavaScript, checked without type information.
    files: ['**/*.{js,cjs,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // CommonJS scripts that Node preloads with --require, where require() is the way to import.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  {
    files: ['src/client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },

  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves extensionless and `.ts` specifiers the way tsconfig's `moduleResolution: Bundler` does.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      // The files import-x follows when it looks for cycles; its default is `.js` only.
      'import-x/extensions': ['.ts', '.tsx', '.cjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The server build bundles everything src/server/index.ts reaches, so production code must not
    // reach test support: the test database helpers, emulator fixtures or a test file. And it meets
    // the stand-ins at one door, the boot seam, so what the shop asks of them is in one file.
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: ['src/server/testing/**', '**/*.test.ts', THE_SEAM],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [testSupportZone, standInsBehindSeamZone] }] },
  },
  {
    files: [THE_SEAM],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [testSupportZone] }] },
  },
  {
    // A procedure is thin: input, permission, one call into its domain, the answer's shape. Queries
    // and rules live in the domains (src/server/domains), never in a router.
    files: ['src/server/routers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/server/routers',
              from: './src/server/db',
              message: 'Routers call their domain; queries live in src/server/domains.',
            },
            testSupportZone,
            standInsBehindSeamZone,
          ],
        },
      ],
    },
  },
  {
    // The dashboard's pages are split by who sees them: the customer's account and the admin's area
    // never import each other, and the shell both draw in imports neither.
    files: ['src/client/pages/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/client/pages/account',
              from: './src/client/pages/admin',
              message: 'Customer pages do not use admin pages; share through pages/dashboard-shell.',
            },
            {
              target: './src/client/pages/admin',
              from: './src/client/pages/account',
              message: 'Admin pages do not use customer pages; share through pages/dashboard-shell.',
            },
            {
              target: './src/client/pages/dashboard-shell',
              from: ['./src/client/pages/account', './src/client/pages/admin'],
              message: 'The dashboard shell is what both audiences share; it uses neither.',
            },
          ],
        },
      ],
    },
  },
  {
    // The stand-ins for Stripe, Firebase Auth and mail (src/emulators) are programs of their own:
    // they never reach into the storefront they serve, and their production code never reaches test
    // support.
    files: ['src/emulators/**/*.ts'],
    ignores: ['src/emulators/payments/testing/**', '**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [testSupportZone, standInsApartZone()] }] },
  },
  {
    // `npm run emulators` reads the storefront's configuration and starts the stand-ins through its
    // boot seam, so the command and the server processes agree on addresses and keys.
    files: ['src/emulators/main.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [testSupportZone, standInsApartZone(['./config.ts', './boot/process-logger.ts', './boot/stand-ins.ts'])] },
      ],
    },
  },
  {
    // One lock-file protocol for a data directory: the emulators' ownership and the PGlite lock.
    files: ['src/emulators/sharing/emulators-ownership.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [testSupportZone, standInsApartZone(['./boot/pid-lock.ts'])] }],
    },
  },
  {
    // The payments emulator's tests and fixtures stand apart too: they drive it as Stripe's clients do.
    files: ['src/emulators/payments/testing/**', 'src/emulators/payments/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [paymentsEmulatorApartZone] }] },
  },
);
