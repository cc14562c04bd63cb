/**
 * Asia/Bangkok wall-clock time: the business's clock (UTC+7 all year, no daylight
 * saving). The one place that knows the offset; every "today", deadline and rental
 * period on the site and the API goes through here (issue 19 found seven copies).
 */
export const DAY_MS = 86_400_000;
const OFFSET_MS = 7 * 3_600_000;

/** The Bangkok calendar day an instant falls on, YYYY-MM-DD. */
export function bangkokDate(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** Today in Bangkok, YYYY-MM-DD. */
export function bangkokToday(now: Date = new Date()): string {
  return bangkokDate(now);
}

/** A Bangkok wall-clock time (HH:MM, default midnight) on a YYYY-MM-DD day, as an instant. */
export function bangkokInstant(date: string, time = '00:00'): Date {
  return new Date(`${date}T${time}:00+07:00`);
}

/** 00:00 Bangkok time of a day. */
export function bangkokMidnight(date: string): Date {
  return bangkokInstant(date);
}

/** [start, end) of a run of whole Bangkok days, first to last inclusive. */
export function wholeDays(first: string, last: string): { start: Date; end: Date } {
  return { start: bangkokMidnight(first), end: new Date(bangkokMidnight(last).getTime() + DAY_MS) };
}

/** The day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from one YYYY-MM-DD day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The year and month (1-12) in Bangkok at an instant: a card expires at the end of its month there. */
export function bangkokYearMonth(at: Date): { year: number; month: number } {
  const [year, month] = bangkokDate(at).split('-').map(Number) as [number, number];
  return { year, month };
}
