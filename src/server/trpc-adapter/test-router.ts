// Test support for this folder's tests only: a small router with one procedure per kind of
// answer the adapter must give, which counts the contexts it is given and the procedures it runs
// so a test can prove that a refused request reached neither.
import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { z } from 'zod';

export interface TestContext {
  caller: string | null;
}

interface Counts {
  contexts: number;
  runs: number;
}

export function createTestRouter() {
  const counts: Counts = { contexts: 0, runs: 0 };
  const t = initTRPC
    .context<TestContext>()
    .meta<{ shared?: boolean }>()
    .create({
      // The stack differs between the two adapters (each makes some errors itself), so it is left
      // out; the marker shows the router's formatter shaped the error.
      errorFormatter: ({ shape }) => ({
        code: shape.code,
        message: shape.message,
        data: { ...shape.data, stack: undefined, formatted: true },
      }),
    });
  const procedure = t.procedure.use(({ next }) => {
    counts.runs++;
    return next();
  });
  let releaseSlow = (): void => {};
  const slowSignals: AbortSignal[] = [];

  const router = t.router({
    greeting: procedure
      .meta({ shared: true })
      .input(z.object({ name: z.string().min(1) }).optional())
      .query(({ input }) => `hello ${input?.name ?? 'world'}`),
    whoami: procedure.query(({ ctx }) => ctx.caller),
    add: procedure.input(z.object({ a: z.number(), b: z.number() })).mutation(({ input }) => input.a + input.b),
    teapot: procedure.query(() => {
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'The kettle is cold.' });
    }),
    crash: procedure.query(() => {
      throw new Error('a bug');
    }),
    nothing: procedure.mutation(() => undefined),
    slow: procedure.query(async ({ signal }) => {
      if (signal) slowSignals.push(signal);
      await new Promise<void>((resolve) => {
        releaseSlow = resolve;
        signal?.addEventListener('abort', () => resolve());
      });
      return 'done';
    }),
    ticks: procedure.subscription(async function* () {
      yield 1;
    }),
  });

  const createContext = ({ req }: CreateFastifyContextOptions): TestContext => {
    counts.contexts++;
    const caller = req.headers.authorization ?? null;
    if (caller === 'expired') throw new TRPCError({ code: 'UNAUTHORIZED', message: 'The session has expired.' });
    return { caller };
  };

  return { router, createContext, counts, slowSignals, releaseSlow: () => releaseSlow() };
}

export type TestRouter = ReturnType<typeof createTestRouter>['router'];
