/** Calendar days in Asia/Bangkok (UTC+7 all year, no daylight saving). */
const OFFSET_MS = 7 * 3_600_000;
export const DAY_MS = 86_400_000;

/** 00:00 Bangkok time of a `YYYY-MM-DD` day. */
export function bangkokMidnight(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00+07:00`);
}

/** The Bangkok calendar day an instant falls on, as `YYYY-MM-DD`. */
export function bangkokDate(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** [start, end) of a run of whole days, first to last inclusive. */
export function wholeDays(first: string, last: string): { start: Date; end: Date } {
  return { start: bangkokMidnight(first), end: new Date(bangkokMidnight(last).getTime() + DAY_MS) };
}
