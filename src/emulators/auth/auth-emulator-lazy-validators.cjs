// Preloaded (node --require) into the Firebase CLI process that auth-emulator.ts starts. The Auth
// emulator builds a JSON-schema validator for every parameter of its REST API before it listens
// (exegesis, a new Ajv for each), which was about 70% of the ≈16 s the CLI took to be ready here.
// exegesis can build each one on its first use instead (its lazyCompileValidationSchemas option,
// which firebase-tools does not set); this turns that on. Requests are validated exactly as
// before. If a later exegesis moves its options, the emulator starts as before, only slower.
const { createRequire } = require('node:module');

try {
  const requireFromCli = createRequire(require.resolve('firebase-tools/package.json'));
  const options = requireFromCli('exegesis/lib/options');
  const compileOptions = options.compileOptions;
  if (typeof compileOptions === 'function') {
    options.compileOptions = (given = {}) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
  }
} catch {
  // Not found: nothing to change.
}
