// The Vitest setup Stryker (stryker.config.json) runs mutants against: the server project of
// vite.config.ts, whose suites test the mutated modules (services, routers, payments, shared
// schemas) through the tRPC caller and real databases. Left out: the client's components and the
// browser journeys, which test screens rather than those rules; the reliability suites and the
// shared emulators' one, which start server processes that would run the unmutated code; and the
// payments emulator's own suites.
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';

const serverProject = (viteConfig.test?.projects ?? []).find(
  (project): project is TestProjectInlineConfiguration =>
    typeof project === 'object' && 'test' in project && project.test?.name === 'server',
);
if (!serverProject) throw new Error('vite.config.ts has no server test project');

export default defineConfig({
  ...viteConfig,
  test: {
    ...viteConfig.test,
    projects: [
      {
        ...serverProject,
        test: {
          ...serverProject.test,
          exclude: [
            'src/server/reliability/**',
            'src/emulators/sharing/shared-emulators.test.ts',
            'src/emulators/payments/**',
            'scripts/**',
            'node_modules/**',
          ],
        },
      },
    ],
  },
});
