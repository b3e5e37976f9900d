// Which API key a request carries: the secret key (the storefront's server) or the publishable key
// (Stripe.js in the browser), sent as a Bearer token, Basic auth, or Stripe.js's `key` parameter.
import { ApiError, invalidRequest } from './errors';
import type { Params } from './params';

export type Caller = 'secret' | 'publishable';

export interface ApiKeys {
  secretKey: string;
  publishableKey: string;
}

function keyFromHeader(authorization: string | undefined): string | undefined {
  const [scheme = '', credentials = ''] = (authorization ?? '').trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return credentials;
  if (/^basic$/i.test(scheme)) return Buffer.from(credentials, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

function masked(key: string): string {
  return key.length <= 12 ? '*'.repeat(key.length) : `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

/** The caller, and the parameters without the `key` that authenticated it. */
export function authenticate(keys: ApiKeys, authorization: string | undefined, params: Params): { caller: Caller; params: Params } {
  const { key: keyParam, ...rest } = params;
  const key = keyFromHeader(authorization) ?? (typeof keyParam === 'string' ? keyParam : undefined);
  if (!key) {
    throw new ApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  }
  if (key === keys.secretKey) return { caller: 'secret', params: rest };
  if (key === keys.publishableKey) return { caller: 'publishable', params: rest };
  throw new ApiError(401, {
    type: 'invalid_request_error',
    code: 'api_key_invalid',
    message: `Invalid API Key provided: ${masked(key)}`,
  });
}

export function secretKeyRequired(): ApiError {
  return invalidRequest(
    'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    { status: 401 },
  );
}
