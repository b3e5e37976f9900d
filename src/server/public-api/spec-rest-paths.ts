// The SPEC's documented REST paths (SPEC.md §7, rest/rest-routes.ts) as OpenAPI path items, under
// one tag. They keep the shapes the shop's first client used and are not versioned: new
// integrations use /api/v1. Their answers are described in words, not promised field by field.
import type { ZodOpenApiPathsObject } from 'zod-openapi';

export const SPEC_REST_TAG = 'Shop REST (SPEC)';

type Auth = 'none' | 'session';

interface SpecPath {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  auth: Auth;
  /** Path and query parameters, all text. */
  params?: Array<{ name: string; in: 'path' | 'query'; description: string }>;
  body?: string;
  answer: string;
}

const specPaths: SpecPath[] = [
  {
    method: 'get',
    path: '/review',
    operationId: 'specListReviews',
    summary: 'Every review, newest first',
    auth: 'none',
    answer: 'An array of reviews; X-Total-Count and X-Next-Cursor headers.',
  },
  {
    method: 'get',
    path: '/tools',
    operationId: 'specListTools',
    summary: 'The parts on sale',
    auth: 'none',
    answer: 'An array of parts (_id, name, img, price, minimumOrderQuantity, available, description); X-Next-Cursor.',
  },
  {
    method: 'post',
    path: '/tools',
    operationId: 'specAddTool',
    summary: 'Add a part (admins)',
    auth: 'session',
    body: 'name, price, img, description, minimumOrderQuantity, available',
    answer: 'The part added (201).',
  },
  {
    method: 'delete',
    path: '/deleted',
    operationId: 'specRetireTool',
    summary: 'Retire a part (admins)',
    auth: 'session',
    params: [{ name: 'amount', in: 'query', description: 'The part’s id.' }],
    answer: '{ deletedCount }',
  },
  {
    method: 'post',
    path: '/booking',
    operationId: 'specBookPart',
    summary: 'Book a part (Book Now)',
    auth: 'session',
    body: 'toolsId, variantId?, phone, address, amount, price',
    answer: 'The booking (201).',
  },
  {
    method: 'get',
    path: '/booking',
    operationId: 'specListOwnBookings',
    summary: 'The caller’s bookings',
    auth: 'session',
    params: [{ name: 'email', in: 'query', description: 'The caller’s email.' }],
    answer: 'An array of bookings.',
  },
  {
    method: 'get',
    path: '/booking/{id}',
    operationId: 'specGetBooking',
    summary: 'One booking',
    auth: 'session',
    params: [{ name: 'id', in: 'path', description: 'The booking’s id.' }],
    answer: 'The booking.',
  },
  {
    method: 'patch',
    path: '/booking/{id}',
    operationId: 'specMarkBookingPaid',
    summary: 'Mark a booking paid once the provider agrees',
    auth: 'session',
    params: [{ name: 'id', in: 'path', description: 'The booking’s id.' }],
    body: 'transactionId',
    answer: 'The booking.',
  },
  {
    method: 'delete',
    path: '/booking',
    operationId: 'specCancelBooking',
    summary: 'Cancel an unpaid booking',
    auth: 'session',
    params: [{ name: 'amount', in: 'query', description: 'The booking’s id.' }],
    answer: 'The booking.',
  },
  {
    method: 'get',
    path: '/bookingss',
    operationId: 'specListAllBookings',
    summary: 'Every booking (admins)',
    auth: 'session',
    answer: 'An array of bookings.',
  },
  {
    method: 'put',
    path: '/user/{email}',
    operationId: 'specExchangeSession',
    summary: 'Exchange an identity-provider ID token for a session token',
    auth: 'none',
    params: [{ name: 'email', in: 'path', description: 'The account’s email.' }],
    answer: '{ token }: send it as the bearer of later calls. The Authorization header carries the ID token.',
  },
  {
    method: 'get',
    path: '/admin/{email}',
    operationId: 'specIsAdmin',
    summary: 'Whether an account is an admin',
    auth: 'session',
    params: [{ name: 'email', in: 'path', description: 'The account’s email.' }],
    answer: '{ admin }',
  },
  {
    method: 'get',
    path: '/user',
    operationId: 'specListUsers',
    summary: 'Every account (admins)',
    auth: 'session',
    answer: 'An array of accounts; X-Next-Cursor.',
  },
  {
    method: 'put',
    path: '/user/admin/{email}',
    operationId: 'specMakeAdmin',
    summary: 'Make an account an admin (admins)',
    auth: 'session',
    params: [{ name: 'email', in: 'path', description: 'The account’s email.' }],
    answer: '{ modifiedCount }',
  },
  {
    method: 'delete',
    path: '/user',
    operationId: 'specRemoveUser',
    summary: 'Remove an account (admins)',
    auth: 'session',
    params: [{ name: 'amount', in: 'query', description: 'The account’s id.' }],
    answer: '{ deletedCount }',
  },
  {
    method: 'post',
    path: '/create-payment-intent',
    operationId: 'specCreatePaymentIntent',
    summary: 'Open the card payment of a booking',
    auth: 'session',
    body: 'bookingId, price',
    answer: '{ clientSecret } for the card provider’s script in the browser.',
  },
];

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

export function specRestPaths(): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const spec of specPaths) {
    paths[spec.path] = {
      ...paths[spec.path],
      [spec.method]: {
        operationId: spec.operationId,
        summary: spec.summary,
        tags: [SPEC_REST_TAG],
        security: spec.auth === 'session' ? [{ bearer: [] }] : [],
        parameters: (spec.params ?? []).map((param) => ({
          name: param.name,
          in: param.in,
          required: true,
          description: param.description,
          schema: { type: 'string' as const },
        })),
        ...(spec.body
          ? {
              requestBody: {
                required: true,
                description: `Fields: ${spec.body}.`,
                content: { 'application/json': { schema: { type: 'object' as const } } },
              },
            }
          : {}),
        responses: {
          [spec.method === 'post' && spec.path !== '/create-payment-intent' ? '201' : '200']: {
            description: spec.answer,
            content: { 'application/json': { schema: {} } },
          },
          default: { description: 'A refusal or failure.', content: errorContent },
        },
      },
    };
  }
  return paths;
}
