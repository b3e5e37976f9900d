// The `postgres` driver, with the fix for a crash it has when the database restarts.
//
// postgres@3.4.9 buffers small writes behind a setImmediate. When a connection closes (the server
// restarted, or crashed) while a transaction still runs on it, the transaction's next statement
// or its rollback is written to the closed connection: the deferred write then reads `null.write`
// and throws outside any promise, which ends the whole process (porsager/postgres#1154, #1208,
// fixes proposed in #1168, #1176, #1209, none released). Its closing paths also leave the write
// timer set, so the connection never sends again once it reconnects.
//
// Until a release fixes it, the driver's CommonJS build is loaded here with that fix applied to
// its connection module: a write to a closed connection fails the waiting query with
// CONNECTION_CLOSED (which the app answers as 503), and closing forgets the pending write. Each
// change must apply exactly once, so a driver upgrade stops the server at boot until this file
// is checked again (src/server/reliability/database-restart.test.ts proves the behaviour).
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type postgresDriver from 'postgres';

const FIXES: Array<{ find: string; replace: string }> = [
  {
    find: '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    replace:
      '  function nextWrite(fn) {\n' +
      '    if (!socket) {\n' +
      '      chunk = nextWriteTimer = null\n' +
      "      error(Errors.connection('CONNECTION_CLOSED', options))\n" +
      '      return false\n' +
      '    }\n' +
      '    const x = socket.write(chunk, fn)',
  },
  // terminate(): the pending write belongs to the connection that is ending.
  {
    find: '    clearImmediate(nextWriteTimer)\n    if (socket) {',
    replace: '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {',
  },
  // closed(): likewise, so the next connection can write again.
  {
    find: "    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)",
    replace: "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener('data', data)",
  },
];

interface CompilableModule extends Module {
  _compile(source: string, filename: string): void;
}

const FIXED = Symbol.for('sprocket.postgres-driver-fixed');

function loadFixedDriver(): typeof postgresDriver {
  const require = createRequire(import.meta.url);
  const connectionFile = join(dirname(require.resolve('postgres')), 'connection.js');
  const loaded = require.cache[connectionFile] as (Module & { [FIXED]?: true }) | undefined;
  if (loaded && !loaded[FIXED]) throw new Error('The postgres driver was loaded before src/server/db/postgres-driver.ts could fix it.');
  if (!loaded) {
    let source = readFileSync(connectionFile, 'utf8');
    for (const { find, replace } of FIXES) {
      if (source.split(find).length !== 2) {
        throw new Error(`The postgres driver changed (${connectionFile}); review src/server/db/postgres-driver.ts.`);
      }
      source = source.replace(find, replace);
    }
    const connection = new Module(connectionFile) as CompilableModule & { [FIXED]?: true };
    connection[FIXED] = true;
    connection.filename = connectionFile;
    connection.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(connectionFile));
    connection._compile(source, connectionFile);
    connection.loaded = true;
    require.cache[connectionFile] = connection;
  }
  return require('postgres') as typeof postgresDriver;
}

export const postgres = loadFixedDriver();
