// The abort signal procedures get: it fires when the client goes away before its answer is
// written, so a procedure can stop work nobody will read (tRPC's stock adapter does the same
// through the fetch Request's signal).
import { TRPCError } from '@trpc/server';
import type { FastifyReply } from 'fastify';

/** The abort reason, made once: the default (a DOMException) records a stack on every abort. */
const clientClosed = new TRPCError({ code: 'CLIENT_CLOSED_REQUEST', message: 'The client closed the request' });

export function abortedWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort(clientClosed);
  });
  return controller.signal;
}
