// The discount code form's values and the API's fields, both ways: the form holds the dates as a
// datetime-local box does (local time, no zone) and empty boxes as empty; the API takes ISO
// instants and null.
import type { DiscountCodeFields } from '../../../shared/shop-settings';

export interface DiscountCodeFormValues {
  code: string;
  kind: DiscountCodeFields['kind'];
  value: number;
  minSpend: number;
  /** As a datetime-local box holds it, 2026-05-01T09:30, or empty. */
  startsAt: string;
  endsAt: string;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
}

export const emptyDiscountCode: Partial<DiscountCodeFormValues> = {
  code: '',
  kind: 'percent',
  minSpend: 0,
  startsAt: '',
  endsAt: '',
  maxUses: null,
  maxUsesPerCustomer: null,
};

const pad = (part: number) => String(part).padStart(2, '0');

/** An ISO instant as the browser's local date and time, for a datetime-local box. */
function toLocalDateTime(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; what is not a date is passed on for the schema to refuse. */
function toInstant(local: string): string | null {
  if (local === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

export function toDiscountCodeFields(values: DiscountCodeFormValues): Record<keyof DiscountCodeFields, unknown> {
  return { ...values, startsAt: toInstant(values.startsAt), endsAt: toInstant(values.endsAt) };
}

export function toDiscountCodeFormValues(fields: DiscountCodeFields): DiscountCodeFormValues {
  return { ...fields, startsAt: toLocalDateTime(fields.startsAt), endsAt: toLocalDateTime(fields.endsAt) };
}
