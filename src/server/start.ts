// `npm start`: builds the browser app if its sources changed since the last build, then boots the
// server (index.ts) in this same process.
import { fileURLToPath } from 'node:url';
import { buildClientIfChanged } from './boot/client-build';

buildClientIfChanged(fileURLToPath(new URL('../..', import.meta.url)));
await import('./index');
