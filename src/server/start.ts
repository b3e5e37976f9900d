// `npm start`: builds the browser app and the server if their sources changed since the last
// build, then boots the server build (dist/server/index.js) in this same process.
import { pathToFileURL } from 'node:url';
import { buildAllIfChanged, serverBuild } from './boot/builds';
import { projectPath, projectRoot } from './project-root';

buildAllIfChanged(projectRoot);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(projectPath(serverBuild.outDir, serverBuild.output)).href);
