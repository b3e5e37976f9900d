// Stripe's error objects: the JSON body Stripe answers with (`{ error: { type, code, message, … } }`)
// and the ApiError the handlers throw to produce one, with the messages Stripe uses.

type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;
}

export function invalidRequest(message: string, details: { code?: string; param?: string; status?: number } = {}): ApiError {
  const { code, param, status = 400 } = details;
  return new ApiError(status, {
    type: 'invalid_request_error',
    message,
    ...(code === undefined ? {} : { code, doc_url: docUrl(code) }),
    ...(param === undefined ? {} : { param }),
  });
}

export function missingParam(param: string): ApiError {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function unknownParam(param: string): ApiError {
  return invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });
}

export function noSuchPaymentIntent(id: string): ApiError {
  return invalidRequest(`No such payment_intent: '${id}'`, {
    code: 'resource_missing',
    param: 'intent',
    status: 404,
  });
}

export function noSuchRefund(id: string): ApiError {
  return invalidRequest(`No such refund: '${id}'`, { code: 'resource_missing', param: 'id', status: 404 });
}

export function unexpectedState(message: string): ApiError {
  return invalidRequest(message, { code: 'payment_intent_unexpected_state' });
}

export function unrecognizedUrl(method: string, path: string): ApiError {
  return invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    { status: 404 },
  );
}
