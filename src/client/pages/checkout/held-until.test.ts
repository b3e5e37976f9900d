// The hold's end in the customer's local time: time alone today, with the date on another day.
import { describe, expect, it } from 'vitest';
import { formatHeldUntil, holdHasEnded } from './held-until';

describe('formatHeldUntil', () => {
  it('shows hours and minutes alone when the hold ends today', () => {
    const now = new Date(2026, 10, 26, 13, 35);
    expect(formatHeldUntil(new Date(2026, 10, 26, 14, 5).toISOString(), now)).toBe('14:05');
  });

  it('adds the date when the hold ends on another day', () => {
    const now = new Date(2026, 10, 26, 23, 50);
    expect(formatHeldUntil(new Date(2026, 10, 27, 0, 20).toISOString(), now)).toBe('Nov 27, 00:20');
  });
});

describe('holdHasEnded', () => {
  it('is true once the deadline has passed and false before it', () => {
    const deadline = new Date(2026, 10, 26, 14, 5).toISOString();
    expect(holdHasEnded(deadline, new Date(2026, 10, 26, 14, 4))).toBe(false);
    expect(holdHasEnded(deadline, new Date(2026, 10, 26, 14, 6))).toBe(true);
  });
});
