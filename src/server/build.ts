// `npm run build`: the browser app (dist/client) and the server (dist/server), each only if its
// sources changed since the last build. Run the result with `node --enable-source-maps dist/server/index.js`.
import { buildAllIfChanged } from './boot/builds';
import { projectRoot } from './project-root';

for (const [build, result] of buildAllIfChanged(projectRoot)) console.log(`${build.name} (${build.outDir}): ${result}`);
