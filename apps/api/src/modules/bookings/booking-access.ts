import { notFound } from '../../lib/app-error';

/**
 * One ownership check (issue 32, part 3; decision 3203): who may read a person's booking, its
 * documents (receipt, tax invoice, credit and debit notes, agreement) and its files (slips, licence
 * pictures, condition photos), and a company's monthly invoice.
 *
 * The door decides the actor: a route under /auth is a customer's door (the signed-in user, whatever
 * their role: staff read other people's bookings through their own door); a route in the admin scope
 * is staff's door, whose role check (staff or admin; 403 for a customer) has already run.
 */
export type AccessActor = { kind: 'customer'; userId: number } | { kind: 'staff' };

export const customerActor = (userId: number): AccessActor => ({ kind: 'customer', userId });
export const staffActor: AccessActor = { kind: 'staff' };

/**
 * What is being read, with the facts the decision needs, loaded by its caller in the same query that
 * finds the thing (bookings.repository bookingOwner, or the document's own query).
 */
export type AccessSubject =
  | { kind: 'booking'; ownerId: number | null }
  // `actorRole`: the asking customer's role in the invoice's company (null: not a member).
  | { kind: 'company_invoice'; actorRole: 'manager' | 'driver' | null };

export function canRead(actor: AccessActor, subject: AccessSubject): boolean {
  if (actor.kind === 'staff') return true;
  switch (subject.kind) {
    // A booking and everything of it is its customer's: not a colleague's, not their company manager's.
    case 'booking':
      return subject.ownerId !== null && subject.ownerId === actor.userId;
    // The monthly invoice lists colleagues' bookings: the company's managers, not its drivers (decision 1807).
    case 'company_invoice':
      return subject.actorRole === 'manager';
  }
}

/**
 * What was found, if `actor` may read it; else the one answer for anyone without access: the same 404
 * as for a thing that does not exist, so an id or number can't be probed.
 */
export function readableOr404<T>(
  actor: AccessActor,
  found: T | undefined,
  subjectOf: (found: T) => AccessSubject,
  what: string,
): T {
  if (found === undefined || !canRead(actor, subjectOf(found))) throw notFound(what);
  return found;
}

/** A booking row's subject: its customer. */
export const bookingSubject = (row: { user_id: number | null }): AccessSubject => ({
  kind: 'booking',
  ownerId: row.user_id,
});
