// The floor every figure is divided by: a bare Fastify process answering each scenario's path with
// that scenario's own response body (captured from the storefront in the same run), already
// serialised, so it pays only what any Fastify answer of those bytes pays.
// argv: port, then a JSON file of { [scenario]: { method, body } } (body: the JSON text sent).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port = '0', payloadFile = ''] = process.argv.slice(2);
const payloads = JSON.parse(readFileSync(payloadFile, 'utf8')) as Record<string, { method: 'GET' | 'POST'; body: string }>;

const app = Fastify({ logger: false });
for (const [name, { method, body }] of Object.entries(payloads)) {
  app.route({
    method,
    url: `/bare/${name}`,
    handler: (_request, reply) => reply.type('application/json; charset=utf-8').send(body),
  });
}
const address = await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
