// The export's dates are calendar days written YYYY-MM-DD, and nothing else.
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { orderExportRangeSchema } from './overview';

describe('orderExportRangeSchema', () => {
  it('takes a range of real calendar days', () => {
    expect(orderExportRangeSchema.parse({ from: '2024-02-29', to: '2024-03-01' })).toEqual({ from: '2024-02-29', to: '2024-03-01' });
  });

  it.each(['2026-02-30', '2026-1-05', '2026-01-01x', 'x2026-01-01', ' 2026-01-01', '2026-01-01T00:00:00Z', '20260101', ''])(
    'refuses %j as a day',
    (from) => {
      const result = orderExportRangeSchema.safeParse({ from, to: '2026-01-02' });
      expect(result.success ? undefined : result.error.issues[0]?.message).toBe(messages.exportDateInvalid);
    },
  );

  it('takes the first and the last day it names', () => {
    expect(orderExportRangeSchema.safeParse({ from: '2000-01-01', to: '2000-01-01' }).success).toBe(true);
    expect(orderExportRangeSchema.safeParse({ from: '2999-12-31', to: '2999-12-31' }).success).toBe(true);
  });

  // Year 0 and the day after 9999-12-31 reached the database as dates it cannot read: a 500.
  it.each([
    ['0000-01-01', '0000-01-01'],
    ['1999-12-31', '2000-01-01'],
    ['2999-12-31', '3000-01-01'],
    ['9999-12-31', '9999-12-31'],
  ])('refuses %s to %s, outside the days an export may name', (from, to) => {
    const result = orderExportRangeSchema.safeParse({ from, to });
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe(messages.exportDateOutOfRange);
  });
});
