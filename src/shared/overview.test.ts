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
});
