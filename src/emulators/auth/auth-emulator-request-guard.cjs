// Preloaded (node --require) into the Firebase CLI process that auth-emulator.ts starts: every HTTP
// server that process opens (the Auth emulator and its hub) answers only this machine and the
// shop's pages. The emulator signs anyone in as anyone, answers CORS for every origin it is asked
// from, and has an admin API (/emulator/v1/…: delete every account, read every reset code); the hub
// writes an export wherever it is told. Any web page open on this machine could call them, and a
// site whose name is rebound to 127.0.0.1 (DNS rebinding) could read the answers too. So, before
// the emulator sees it, a request is refused (403, no CORS headers) when
// - its Host is neither a loopback name nor the host the emulator was configured with, or
// - it comes from a web page (it has an Origin) of another origin than the shop's, or from the
//   shop's page but for anything other than the sign-in and token APIs the browser SDK calls, or
//   with a credential (`Authorization: Bearer owner` makes any call an admin's; the SDK sends none).
// Calls without an Origin (the server's firebase-admin, our start-up checks) are not web pages.
// The shop's origins and the configured host come in the environment from auth-emulator.ts. The
// loopback names repeat src/shared/loopback.ts's: this file runs in the CLI's process, outside our bundle.
const http = require('node:http');

const allowedOrigins = new Set((process.env.SPROCKET_AUTH_EMULATOR_ALLOWED_ORIGINS ?? '').split(' ').filter(Boolean));
const configuredHost = (process.env.SPROCKET_AUTH_EMULATOR_HOST ?? '').toLowerCase();
const LOOPBACK_NAME = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
/** What the Firebase JS SDK calls from a page: sign-in and token refresh, never the admin API. */
const BROWSER_PATHS = ['/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/'];

/** The name in a Host header, without its port ("[::1]:9099" → "[::1]"); undefined when malformed. */
function hostnameOf(host) {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(:\d{1,5})?$/i.exec(host ?? '');
  return match ? match[1].toLowerCase() : undefined;
}

/** Why the request is refused, or undefined when it may go on to the emulator. */
function refusal(request) {
  const hostname = hostnameOf(request.headers.host);
  if (hostname === undefined || !(LOOPBACK_NAME.test(hostname) || hostname === configuredHost)) {
    return 'The Auth emulator answers only under this machine’s own names.';
  }
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  const path = request.url ?? '/';
  const browserCall = BROWSER_PATHS.some((prefix) => path.startsWith(prefix)) && request.headers.authorization === undefined;
  if (allowedOrigins.has(origin) && browserCall) return undefined;
  return 'This call cannot be made from a web page on this origin.';
}

const createServer = http.createServer;
http.createServer = function createGuardedServer(...args) {
  const server = createServer.apply(this, args);
  const emit = server.emit;
  server.emit = function emitUnlessRefused(event, request, response) {
    const reason = event === 'request' ? refusal(request) : undefined;
    if (reason === undefined) return emit.apply(this, arguments);
    // Google's error shape, which the Firebase SDK shows; the body of a refused request is not read.
    const body = JSON.stringify({ error: { code: 403, message: reason, status: 'PERMISSION_DENIED' } });
    response.writeHead(403, { 'content-type': 'application/json; charset=utf-8', connection: 'close' }).end(body);
    return true;
  };
  return server;
};
