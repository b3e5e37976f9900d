// The columns a discount code read selects, the shape the API shows (percent in percent, amounts in
// dollars, instants as ISO text), and the conversion of a form's fields to the stored values.
import { basisPointsToPercent, percentToBasisPoints, type DiscountCodeFields } from '../../../shared/shop-settings';
import { centsToDollars, dollarsToCents } from '../../../shared/money';
import type { DiscountKind } from '../../../shared/commerce';
import { discountCodes } from '../../db/schema';

export const discountCodeColumns = {
  id: discountCodes.id,
  code: discountCodes.code,
  kind: discountCodes.kind,
  value: discountCodes.value,
  minSpendCents: discountCodes.minSpendCents,
  startsAt: discountCodes.startsAt,
  endsAt: discountCodes.endsAt,
  maxUses: discountCodes.maxUses,
  maxUsesPerCustomer: discountCodes.maxUsesPerCustomer,
  active: discountCodes.active,
  createdAt: discountCodes.createdAt,
};

export type DiscountCodeRow = Pick<typeof discountCodes.$inferSelect, keyof typeof discountCodeColumns>;

/** Uses that count against the limits: held by unpaid orders, spent by paid ones. */
export interface DiscountUseCounts {
  held: number;
  spent: number;
}

export interface DiscountCodeView {
  id: string;
  code: string;
  kind: DiscountKind;
  /** Percent off (10.5) for a percent code, dollars off for a fixed one. */
  value: number;
  minSpend: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  active: boolean;
  createdAt: string;
  uses: DiscountUseCounts;
}

export function toDiscountCodeView(row: DiscountCodeRow, uses: DiscountUseCounts): DiscountCodeView {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? basisPointsToPercent(row.value) : centsToDollars(row.value),
    minSpend: centsToDollars(row.minSpendCents),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    uses,
  };
}

/** The stored values of a form's fields: basis points or cents, and instants. */
export function storedDiscountFields(fields: DiscountCodeFields) {
  return {
    code: fields.code,
    kind: fields.kind,
    value: fields.kind === 'percent' ? percentToBasisPoints(fields.value) : dollarsToCents(fields.value),
    minSpendCents: dollarsToCents(fields.minSpend),
    startsAt: fields.startsAt === null ? null : new Date(fields.startsAt),
    endsAt: fields.endsAt === null ? null : new Date(fields.endsAt),
    maxUses: fields.maxUses,
    maxUsesPerCustomer: fields.maxUsesPerCustomer,
  };
}

/** How the audit line names a code's terms. */
export function describeDiscountCode(code: Omit<DiscountCodeView, 'id' | 'createdAt' | 'uses' | 'active'>): string {
  const off = code.kind === 'percent' ? `${code.value} % off` : `${code.value.toFixed(2)} off`;
  const window = `${code.startsAt ?? 'any time'} to ${code.endsAt ?? 'no end'}`;
  const limits = `uses ${code.maxUses ?? 'unlimited'}, per customer ${code.maxUsesPerCustomer ?? 'unlimited'}`;
  return `${code.code}: ${off} from ${code.minSpend.toFixed(2)}, ${window}, ${limits}`;
}
