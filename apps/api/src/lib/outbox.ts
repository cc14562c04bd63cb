/**
 * What the outboxes share (LINE messages, docs/decisions/1806; mail, docs/decisions/3105): a row
 * is leased before it is sent, so another instance's job skips it, and a failure that may pass is
 * tried again after a growing pause.
 */

/** Minutes before the next try after the n-th failure: 1, 2, 4 … at most an hour. */
export const outboxBackoffMinutes = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1));

/** How long a row is leased while it is being sent: longer than any one send may take. */
export const OUTBOX_LEASE_MS = 5 * 60_000;
