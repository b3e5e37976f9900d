// Random identifiers in Stripe's style: a type prefix and base62 characters (`pi_3Qx…`).
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  let text = '';
  for (const byte of randomBytes(length)) text += BASE62.charAt(byte % BASE62.length);
  return text;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(24)}`;
}
