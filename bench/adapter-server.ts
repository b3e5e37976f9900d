// The tRPC HTTP adapter on its own: a trivial query served by tRPC's stock Fastify plugin
// (fetch Request/Response underneath), by our Fastify-native adapter (src/server/trpc-adapter),
// or as a bare Fastify route answering the same bytes. argv: port, then stock | native | bare.
import { initTRPC } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import { trpcAdapter } from '../src/server/trpc-adapter';

const [port = '0', mode = 'bare'] = process.argv.slice(2);
const t = initTRPC.create();
const router = t.router({ hello: t.procedure.query(() => ({ greeting: 'hello world' })) });

const app = Fastify({ logger: false });
if (mode === 'stock') await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions: { router } });
else if (mode === 'native') await app.register(trpcAdapter, { prefix: '/trpc', router, createContext: async () => ({}) });
else app.get('/trpc/hello', async () => ({ result: { data: { greeting: 'hello world' } } }));
const address = await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
