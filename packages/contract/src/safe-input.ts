import { z } from 'zod';
import { isIsoDate } from './catalog-rules';
import { TIME_OF_DAY, timeMessages } from './rental-times';

/**
 * The input rules every request obeys, whatever its route (issue 13): no text
 * anywhere may hold a NUL character (PostgreSQL's text type refuses it) or half
 * of a surrogate pair (not Unicode; it cannot be stored or shown), and every
 * date is a real calendar date. The API applies `rejectUnsafeText` to each
 * route's whole input (query, parameters, body) before the route's own schema,
 * so no route can forget it; dates use `isoDateSchema` everywhere.
 */

// Code units, not code points: a lone surrogate is exactly what must be found.
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_TEXT_MESSAGE = 'Contains a character that is not allowed';

/** True when a text holds a NUL character or a lone surrogate. */
export function hasUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

/** A zod refinement that names every field (at any depth, keys included) holding unsafe text. */
export function rejectUnsafeText(value: unknown, ctx: z.RefinementCtx): void {
  const walk = (v: unknown, path: PropertyKey[], depth: number) => {
    if (typeof v === 'string') {
      if (hasUnsafeText(v)) ctx.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_MESSAGE });
      return;
    }
    // Deeper than any request we accept: the route's own schema refuses it anyway.
    if (v === null || typeof v !== 'object' || depth > 20) return;
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, i], depth + 1));
    else
      for (const [key, item] of Object.entries(v)) {
        if (hasUnsafeText(key)) ctx.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_MESSAGE });
        else walk(item, [...path, key], depth + 1);
      }
  };
  walk(value, [], 0);
}

/** `schema`, checked first for unsafe text anywhere in its input. */
export function withSafeText<T extends z.ZodType>(schema: T) {
  return z.unknown().superRefine(rejectUnsafeText).pipe(schema);
}

/** The earliest and latest years any date of ours may carry (birth dates included). */
const MIN_YEAR = 1900;
const MAX_YEAR = 2200;

/** A real calendar date written YYYY-MM-DD: no 2026-02-31, no 0000-00-00. */
export const isoDateSchema = z.string().refine((value) => {
  if (!isIsoDate(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
}, 'Must be a real date written YYYY-MM-DD');

/** A Bangkok wall-clock time on the hour or half hour, "HH:MM" (chosen times, rental-times.ts). */
export const timeOfDaySchema = z.string().regex(TIME_OF_DAY, timeMessages.format);
