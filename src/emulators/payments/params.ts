// Stripe's form encoding (`metadata[booking_id]=7`, `payment_method_types[0]=card`) decoded into
// nested objects, and readers that refuse a bad value with the message Stripe gives for it.
import { invalidRequest, missingParam, unknownParam } from './errors';

export interface Params {
  [key: string]: string | Params;
}

const KEY_PATTERN = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/**
 * What one request may carry. The largest real call, a confirm with a card and billing details, has
 * about 15 parameters of a few dozen characters; Stripe itself takes at most 5,000 characters in a
 * string. The caps keep a request's cost (parsing, the state file, each webhook) small.
 */
export const PARAM_LIMITS = { count: 100, keyLength: 200, valueLength: 5_000, depth: 4 };

/** Splits `a[b][]` into `['a', 'b', '']`; an empty segment means "append". */
function keyPath(key: string): string[] {
  const match = KEY_PATTERN.exec(key);
  if (!match) return [key];
  const [, name = key, brackets = ''] = match;
  return [name, ...Array.from(brackets.matchAll(/\[([^[\]]*)\]/g), (segment) => segment[1] ?? '')];
}

/** Refuses a parameter past PARAM_LIMITS in Stripe's words and shape, naming it. */
function checkLimits(key: string, value: string, path: string[], count: number): void {
  if (count > PARAM_LIMITS.count) {
    throw invalidRequest(`Too many parameters: a request can have at most ${PARAM_LIMITS.count}.`);
  }
  if (key.length > PARAM_LIMITS.keyLength || path.length > PARAM_LIMITS.depth) {
    throw invalidRequest(`Invalid parameter name: ${key.slice(0, PARAM_LIMITS.keyLength)}…`, { code: 'parameter_unknown' });
  }
  if (value.length > PARAM_LIMITS.valueLength) {
    throw invalidRequest(`Invalid string: ${key} must be at most ${PARAM_LIMITS.valueLength} characters.`, {
      code: 'parameter_invalid_string',
      param: key,
    });
  }
}

export function parseForm(encoded: string): Params {
  const root: Params = {};
  let count = 0;
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = keyPath(key);
    checkLimits(key, value, path, ++count);
    let node = root;
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      const existing = node[name];
      if (index === path.length - 1) {
        if (existing !== undefined) throw invalidRequest(`Invalid parameters: ${key} was given twice.`);
        node[name] = value;
        return;
      }
      if (typeof existing === 'string') throw invalidRequest(`Invalid object for ${key}.`, { param: key });
      node = existing ?? (node[name] = {});
    });
  }
  return root;
}

/** The emulator refuses what it does not implement rather than silently ignoring it. */
export function rejectUnknown(params: Params, allowed: readonly string[], prefix = ''): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) throw unknownParam(prefix ? `${prefix}[${key}]` : key);
  }
}

export function optionalString(params: Params, key: string, path = key): string | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${path} must be a string.`, { param: path });
  return value;
}

export function requiredString(params: Params, key: string, path = key): string {
  if (params[key] === '') {
    throw invalidRequest(
      `You passed an empty string for '${path}'. We assume empty values are an attempt to unset a parameter; however '${path}' cannot be unset. You should remove '${path}' from your request or supply a non-empty value.`,
      { code: 'parameter_invalid_empty', param: path },
    );
  }
  const value = optionalString(params, key, path);
  if (value === undefined) throw missingParam(path);
  return value;
}

export function requiredInteger(params: Params, key: string, path = key): number {
  const text = requiredString(params, key, path);
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value)) {
    throw invalidRequest(`Invalid integer: ${text}`, { code: 'parameter_invalid_integer', param: path });
  }
  return value;
}

export function optionalBoolean(params: Params, key: string, path = key): boolean | undefined {
  const text = optionalString(params, key, path);
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw invalidRequest(`Invalid boolean: ${text}`, { param: path });
  return text === 'true';
}

export function optionalObject(params: Params, key: string, path = key): Params | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') throw invalidRequest(`Invalid object: ${path} must be an object.`, { param: path });
  return value;
}

/** A list arrives as `name[0]=a&name[1]=b` (or `name[]=a`): an object keyed by position. */
export function optionalStringList(params: Params, key: string): string[] | undefined {
  const items = optionalObject(params, key);
  if (items === undefined) return undefined;
  return Object.keys(items)
    .sort((a, b) => Number(a) - Number(b))
    .map((index) => requiredString(items, index, `${key}[${index}]`));
}

const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 };

export function metadataParam(params: Params): Record<string, string> {
  const given = optionalObject(params, 'metadata') ?? {};
  const metadata: Record<string, string> = {};
  for (const key of Object.keys(given)) {
    const value = optionalString(given, key, `metadata[${key}]`);
    if (value === undefined) continue;
    if (key.length > METADATA_LIMITS.keyLength) {
      throw invalidRequest(
        `Metadata keys can have up to ${METADATA_LIMITS.keyLength} characters, but you passed in a key that is ${key.length} characters.`,
        { param: `metadata[${key}]` },
      );
    }
    if (value.length > METADATA_LIMITS.valueLength) {
      throw invalidRequest(
        `Metadata values can have up to ${METADATA_LIMITS.valueLength} characters, but you passed in a value that is ${value.length} characters.`,
        { param: `metadata[${key}]` },
      );
    }
    metadata[key] = value;
  }
  if (Object.keys(metadata).length > METADATA_LIMITS.keys) {
    throw invalidRequest(`You can specify up to ${METADATA_LIMITS.keys} metadata keys.`, { param: 'metadata' });
  }
  return metadata;
}
