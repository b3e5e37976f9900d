// The last step of the browser app's build (boot/builds.ts): renders the prerendered pages with the
// prerendering's server-side build (dist/prerender) into the browser build (dist/client).
import { pathToFileURL } from 'node:url';
import { projectPath } from '../project-root';
import { writePrerenderedPages } from './prerendered-pages';

const prerender = await import(pathToFileURL(projectPath('dist/prerender/prerender.js')).href);
await writePrerenderedPages(projectPath('dist/client'), prerender);
