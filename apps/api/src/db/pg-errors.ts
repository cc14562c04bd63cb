/**
 * The SQLSTATE of a database error, whether it comes from node-postgres or
 * PGlite, bare or wrapped by Drizzle (DrizzleQueryError keeps it in `cause`).
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const EXCLUSION_VIOLATION = '23P01';
export const CHECK_VIOLATION = '23514';

/** Raised by migration 2050's check_seat_stock: a branch has too few child seats of a kind free. */
export const SEATS_SHORT = 'SD001';

/** The kind and how many are left, from a SEATS_SHORT error ('seats short: child_seat 1 left'). */
export function seatShortage(error: unknown): { seat: string; left: number } | null {
  if (pgErrorCode(error) !== SEATS_SHORT) return null;
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const m = /seats short: (\w+) (\d+) left/.exec(String((e as { message?: unknown }).message));
    if (m) return { seat: m[1]!, left: Number(m[2]) };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
