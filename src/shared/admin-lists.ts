// The admin lists' filters, as the page's URL and the API carry them: what Manage orders, Make
// Admin and the Audit log may be narrowed to, searched for and sorted by (docs/decisions/0024).
import { z } from 'zod';
import { orderStates } from './bookings';
import { pageInputSchema, TYPED_TEXT } from './common';
import { messages } from './messages';

/** The longest search an admin list takes; the server compares at most this many characters. */
export const ADMIN_SEARCH_MAX = 100;

export const listSorts = ['newest', 'oldest'] as const;
export type ListSort = (typeof listSorts)[number];

/** What an admin typed in a list's search box: a prefix of an email, a name, an action or a subject. */
const searchText = z
  .string({ error: messages.searchInvalid })
  .max(ADMIN_SEARCH_MAX, messages.adminSearchTooLong)
  .regex(TYPED_TEXT, messages.textHasControlCharacters)
  .transform((text) => text.trim())
  .default('');

/** An order number as the customer quotes it, with or without the leading '#'. */
const ORDER_NUMBER = /^#?(\d{1,15})$/;

/** The order number a search names, or null when it is not one. */
export function orderNumberIn(search: string): number | null {
  const match = ORDER_NUMBER.exec(search);
  return match?.[1] ? Number(match[1]) : null;
}

/** Manage orders: one state or all, a search by customer email, name or order number, newest or oldest first. */
export const adminOrdersInputSchema = pageInputSchema
  .extend({
    status: z.enum(orderStates, { error: messages.orderStateInvalid }).optional(),
    q: searchText,
    sort: z.enum(listSorts, { error: messages.listSortInvalid }).default('newest'),
  })
  .prefault({});

/** Make Admin: the users whose email or name starts with the search, in sign-up order. */
export const adminUsersInputSchema = pageInputSchema.extend({ q: searchText }).prefault({});

/** Audit log: the actions whose actor's email, action or subject starts with the search, newest first. */
export const auditLogInputSchema = pageInputSchema.extend({ q: searchText }).prefault({});
