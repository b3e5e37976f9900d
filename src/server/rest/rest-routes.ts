// The documented REST paths of SPEC.md §7. Each one calls the tRPC procedure through a caller,
// so the rules live in one place; this file only maps paths, bodies and responses. Bodies and
// parameters are passed on as received (the casts only name them): the procedures validate them.
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CreateBookingInput } from '../../shared/bookings';
import { messages } from '../../shared/messages';
import type { CreateIntentInput } from '../../shared/payments';
import type { CreateToolInput } from '../../shared/tools';
import { bearerToken, createContextInner, type AppDeps } from '../context';
import { stringifyJson } from '../cache/json';
import { SHARED_ANSWER_HEADERS } from '../http/public-cache';
import { httpClient } from '../http/security';
import { createCaller } from '../routers';

type Params = Record<string, string>;
type Query = Record<string, string | undefined>;
type Body = Record<string, unknown> | undefined;

/** `?limit=&cursor=` as the procedures' page input (invalid numbers are refused by the schema). */
function pageQuery(query: Query) {
  return {
    limit: query.limit === undefined ? undefined : Number(query.limit),
    cursor: query.cursor,
  };
}

function nextCursorHeader(page: { nextCursor: string | null }): Record<string, string> {
  return page.nextCursor ? { 'x-next-cursor': page.nextCursor } : {};
}

/** The booking modal sends the phone from a number input; the API keeps phones as text. */
function asText(value: unknown): unknown {
  return typeof value === 'number' ? String(value) : value;
}

export function registerRestRoutes(app: FastifyInstance, deps: AppDeps): void {
  const callerFor = async (request: FastifyRequest) =>
    createCaller(await createContextInner({ ...deps, log: request.log }, request.headers.authorization, httpClient(request)));

  /** A shared read's items, with the headers that let browsers and CDNs keep them. */
  const sharedItems = (reply: FastifyReply, items: unknown, headers: Record<string, string>) =>
    reply
      .headers({ ...SHARED_ANSWER_HEADERS, ...headers })
      .type('application/json; charset=utf-8')
      .send(stringifyJson(items));

  app.get<{ Querystring: Query }>('/review', async (request, reply) => {
    const page = await (await callerFor(request)).reviews.list(pageQuery(request.query));
    return sharedItems(reply, page.items, { 'x-total-count': String(page.total), ...nextCursorHeader(page) });
  });

  app.get<{ Querystring: Query }>('/tools', async (request, reply) => {
    const page = await (await callerFor(request)).tools.list(pageQuery(request.query));
    return sharedItems(reply, page.items, nextCursorHeader(page));
  });

  app.post<{ Body: Body }>('/tools', async (request, reply) => {
    const tool = await (await callerFor(request)).tools.create(request.body as CreateToolInput);
    return reply.status(201).send(tool);
  });

  app.delete<{ Querystring: Query }>('/deleted', async (request) =>
    (await callerFor(request)).tools.remove({ id: request.query.amount as string }),
  );

  app.post<{ Body: Body }>('/booking', async (request, reply) => {
    // toolsName, email and personName in the body are ignored: the server knows the part and the caller.
    const body = request.body ?? {};
    const booking = await (
      await callerFor(request)
    ).bookings.create({
      toolsId: body.toolsId,
      // Left out, a part with variants books its default variant (its own row).
      variantId: body.variantId,
      phone: asText(body.phone),
      address: body.address,
      amount: body.amount,
      price: body.price,
    } as CreateBookingInput);
    return reply.status(201).send(booking);
  });

  app.get<{ Querystring: Query }>('/booking', async (request) => {
    const page = await (
      await callerFor(request)
    ).bookings.mine({
      ...pageQuery(request.query),
      email: request.query.email,
    });
    return page.items;
  });

  app.get<{ Params: Params }>('/booking/:id', async (request) =>
    (await callerFor(request)).bookings.byId({ id: request.params.id as string }),
  );

  app.patch<{ Params: Params; Body: Body }>('/booking/:id', async (request) =>
    (await callerFor(request)).bookings.markPaid({
      id: request.params.id as string,
      transactionId: request.body?.transactionId as string,
    }),
  );

  app.delete<{ Querystring: Query }>('/booking', async (request) =>
    (await callerFor(request)).bookings.cancel({ id: request.query.amount as string }),
  );

  app.get<{ Querystring: Query }>('/bookingss', async (request) => {
    const page = await (await callerFor(request)).bookings.all(pageQuery(request.query));
    return page.items;
  });

  /** The session exchange: the bearer here is the Firebase ID token, not a session token. */
  app.put<{ Params: Params; Body: Body }>('/user/:email', async (request) => {
    const idToken = bearerToken(request.headers.authorization);
    if (!idToken) throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.signInRequired });
    const caller = createCaller(await createContextInner({ ...deps, log: request.log }, undefined, httpClient(request)));
    return caller.users.createSession({ email: request.params.email as string, idToken });
  });

  app.get<{ Params: Params }>('/admin/:email', async (request) =>
    (await callerFor(request)).users.isAdmin({ email: request.params.email as string }),
  );

  app.get<{ Querystring: Query }>('/user', async (request, reply) => {
    const page = await (await callerFor(request)).users.list(pageQuery(request.query));
    return reply.headers(nextCursorHeader(page)).send(page.items);
  });

  app.put<{ Params: Params }>('/user/admin/:email', async (request) =>
    (await callerFor(request)).users.makeAdmin({ email: request.params.email as string }),
  );

  app.delete<{ Querystring: Query }>('/user', async (request) =>
    (await callerFor(request)).users.remove({ id: request.query.amount as string }),
  );

  app.post<{ Body: Body }>('/create-payment-intent', async (request) => {
    const { clientSecret } = await (
      await callerFor(request)
    ).payments.createIntent({
      bookingId: request.body?.bookingId,
      price: request.body?.price,
    } as CreateIntentInput);
    return { clientSecret };
  });
}
