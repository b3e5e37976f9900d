// The typed tRPC hooks for the whole API, and the output types of every procedure.
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/routers/index';

export const trpc = createTRPCReact<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;
