// Business constants of SPEC.md §9, shared by server and browser.

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const DESCRIPTION_PREVIEW_LENGTH = 50;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const TOAST_AUTO_CLOSE_MS = 5_000;
export const QUERY_CACHE_TIME_MS = 5 * 60_000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A Firebase sign-in older than this cannot be exchanged for a session. */
export const ID_TOKEN_MAX_AGE_SECONDS = 300;
/** How long a session token issued by our server stays valid. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export const CURRENCY = 'usd';
/** Largest price a part may have, in dollars. */
export const MAX_PRICE_DOLLARS = 1_000_000;
/** Largest stock or order quantity the shop handles. */
export const MAX_QUANTITY = 1_000_000;
/** Largest order total: the most one card payment can be ($999,999.99, Stripe's limit in USD). */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;
/** Longest catalogue search text: a few words, not a document. */
export const SEARCH_TEXT_MAX = 100;
/**
 * Fewer letters or digits than this suggest nothing in the header search: one letter matches most
 * of the catalogue and helps nobody. Here, not beside the schema, so the header loads no zod.
 */
export const SUGGEST_MIN_CHARS = 2;

/** Local storage key for the session token issued by our server. */
export const ACCESS_TOKEN_KEY = 'accessToken';

/** The picture shown for a person without a profile photo. */
export const DEFAULT_AVATAR = '/images/avatars/default.svg';

/** The picture of a part without one of its own (imported without an image, or whose image fails to load). */
export const DEFAULT_PART_IMAGE = '/images/parts/placeholder.svg';

/** Calls in one tRPC batch: the server refuses larger batches, so the browser never sends them. */
export const MAX_BATCH_CALLS = 10;

/** The largest image an admin may upload for a part. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** The image types an admin may upload; the server checks the bytes really are one of them. */
export const IMAGE_UPLOAD_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];

/** Most different parts one cart holds: what a person plans to buy at once, and a visitor's preview's bound. */
export const MAX_CART_LINES = 50;
/** Where a visitor's cart lives in the browser until they sign in. */
export const LOCAL_CART_KEY = 'sprocketCart';
