// Dates read the same on every page, receipt and email, whatever the reader's time zone.
import { describe, expect, it } from 'vitest';
import { formatDay, formatDayAndTime } from './dates';

describe('dates as the shop shows them', () => {
  it('names the day in UTC', () => {
    expect(formatDay('2026-11-24T23:30:00Z')).toBe('Nov 24, 2026');
    expect(formatDay('2026-11-25T00:30:00+02:00')).toBe('Nov 24, 2026');
  });

  it('names the day and the time, saying it is UTC', () => {
    expect(formatDayAndTime('2026-11-24T07:05:00Z')).toBe('Nov 24, 2026, 7:05 AM UTC');
  });
});
