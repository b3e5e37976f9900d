// Preloaded (node --require) into the Firebase CLI process that auth-emulator.ts starts. Our
// server holds the other end of this process's stdin pipe; the pipe closes when the server dies in
// any way, even by SIGKILL. The emulator then shuts down cleanly as on Ctrl-C (exporting its
// accounts when asked to, freeing its ports), and is forced out if that hangs.
const FORCED_EXIT_AFTER_MS = 20_000;

// A second SIGINT makes the CLI quit at once, skipping its export: send none if the server
// already asked for a clean shutdown before it died.
let shutdownRequested = false;
process.prependListener('SIGINT', () => {
  shutdownRequested = true;
});

function shutDownWithParent() {
  setTimeout(() => process.exit(1), FORCED_EXIT_AFTER_MS).unref();
  if (!shutdownRequested) process.kill(process.pid, 'SIGINT');
}

process.stdin.once('end', shutDownWithParent);
process.stdin.once('error', shutDownWithParent);
process.stdin.resume();
// The emulator's own servers keep the process alive; the pipe must not keep it alive after them.
process.stdin.unref();
