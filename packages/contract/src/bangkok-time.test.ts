import { describe, expect, it } from 'vitest';
import {
  addDays,
  bangkokDate,
  bangkokInstant,
  bangkokToday,
  bangkokYearMonth,
  daysBetween,
  wholeDays,
} from './bangkok-time';

describe('Bangkok wall-clock time (UTC+7, no daylight saving)', () => {
  it('turns the day at 17:00 UTC, Bangkok midnight', () => {
    expect(bangkokDate(new Date('2026-11-24T16:59:59Z'))).toBe('2026-11-24');
    expect(bangkokDate(new Date('2026-11-24T17:00:00Z'))).toBe('2026-11-25');
    expect(bangkokToday(new Date('2026-12-31T17:30:00Z'))).toBe('2027-01-01');
  });

  it('reads a wall-clock time on a day as the instant it is', () => {
    expect(bangkokInstant('2026-11-25', '09:00').toISOString()).toBe('2026-11-25T02:00:00.000Z');
    expect(bangkokInstant('2026-11-25').toISOString()).toBe('2026-11-24T17:00:00.000Z');
    expect(wholeDays('2026-11-25', '2026-11-26')).toEqual({
      start: new Date('2026-11-24T17:00:00Z'),
      end: new Date('2026-11-26T17:00:00Z'),
    });
  });

  it('counts and moves calendar days across months and years', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2027-01-02', '2026-12-30')).toBe(-3);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('gives the month a card is in by Bangkok time', () => {
    expect(bangkokYearMonth(new Date('2026-11-30T17:00:00Z'))).toEqual({ year: 2026, month: 12 });
  });
});
