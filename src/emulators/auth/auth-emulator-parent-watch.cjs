// Preloaded (node --require) into the Firebase CLI process that auth-emulator.ts starts: the one
// way that process is asked to stop. Our server holds the other end of its stdin pipe and closes
// it, either on purpose (close()) or by dying in any way, even by SIGKILL. The emulator then shuts
// down as on Ctrl-C, exporting its accounts when asked to and freeing its ports, and is forced out
// if that hangs. (Exactly one SIGINT: a second one makes the CLI quit without its export.)
const { rmSync } = require('node:fs');

const FORCED_EXIT_AFTER_MS = 20_000;
// The private temporary directory auth-emulator.ts made for this process; nobody else removes it
// when our server died.
const ownTempDir = process.env.SPROCKET_AUTH_EMULATOR_TEMP_DIR;

function shutDown() {
  if (ownTempDir) process.once('exit', () => rmSync(ownTempDir, { recursive: true, force: true }));
  setTimeout(() => process.exit(1), FORCED_EXIT_AFTER_MS).unref();
  process.kill(process.pid, 'SIGINT');
}

process.stdin.once('end', shutDown);
process.stdin.once('error', shutDown);
process.stdin.resume();
// The emulator's own servers keep the process alive; the pipe must not keep it alive after them.
process.stdin.unref();
