// The API's reference page at /api/docs: Swagger UI (swagger-ui-dist, served from the installed
// package, nothing from another origin) reading the served OpenAPI document. The page, its
// script and its stylesheet are the only answers with their own Content-Security-Policy: the
// shop's allows Google's and Stripe's scripts and Firebase's frames, which this page does not
// need; it needs inline styles (Swagger UI sets style attributes while it renders) and data:
// images (its icons), which the shop's policy allows too. So the page's policy is narrower, and no
// directive is looser than the shop's.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { projectPath } from '../project-root';

const REFERENCE_PAGE_PATH = '/api/docs';

const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join(';');

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sprocket API reference</title>
    <link rel="stylesheet" href="${REFERENCE_PAGE_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${REFERENCE_PAGE_PATH}/swagger-ui-bundle.js"></script>
    <script src="${REFERENCE_PAGE_PATH}/start.js"></script>
  </body>
</html>
`;

/** Starts Swagger UI on the served document; a file, not an inline script, so script-src stays 'self'. */
const start = `window.SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
});
`;

/** The package's files, read on first use and kept: about 1.5 MB, asked for only by developers. */
const assets = new Map<string, string>();
function asset(name: 'swagger-ui.css' | 'swagger-ui-bundle.js'): string {
  let text = assets.get(name);
  if (text === undefined) {
    text = readFileSync(projectPath('node_modules', 'swagger-ui-dist', name), 'utf8');
    assets.set(name, text);
  }
  return text;
}

function send(reply: FastifyReply, type: string, body: string): FastifyReply {
  return reply.headers({ 'content-security-policy': PAGE_POLICY, 'cache-control': 'public, max-age=300' }).type(type).send(body);
}

export function registerReferencePage(app: FastifyInstance): void {
  app.get(REFERENCE_PAGE_PATH, (_request, reply) => send(reply, 'text/html; charset=utf-8', page));
  app.get(`${REFERENCE_PAGE_PATH}/start.js`, (_request, reply) => send(reply, 'text/javascript; charset=utf-8', start));
  app.get(`${REFERENCE_PAGE_PATH}/swagger-ui.css`, (_request, reply) =>
    send(reply, 'text/css; charset=utf-8', asset('swagger-ui.css')),
  );
  app.get(`${REFERENCE_PAGE_PATH}/swagger-ui-bundle.js`, (_request, reply) =>
    send(reply, 'text/javascript; charset=utf-8', asset('swagger-ui-bundle.js')),
  );
}
