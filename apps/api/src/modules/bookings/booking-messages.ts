import { isMadeUpEmail } from '@siam/contract/made-up-email';
import type { Booking } from '@siam/contract/bookings';
import type { Language } from '@siam/contract/languages';
import type { LicenceRuleChanges } from '@siam/contract/licence-countries';
import type { Mailer } from '../../lib/mailer';
import type { Executor } from '../../db/sql-rows';
import { bookingMail, type BookingMailKind } from './booking-mail';
import type { BookingsRepository } from './bookings.repository';

/**
 * Where a booking's mails go: the account's email, else (no account, or one a provider made up an
 * email for) the driver's email the booking was made with; null when there is none to write to.
 */
export function mailAddress(accountEmail: string | undefined, driverEmail: string | undefined) {
  const to = accountEmail && !isMadeUpEmail(accountEmail) ? accountEmail : driverEmail?.trim();
  return to && !isMadeUpEmail(to) ? to : null;
}

/** A booking mail's event, handed to the customer's other channels. */
export interface BookingMessageEvent {
  bookingId: number;
  kind: BookingMailKind;
  booking: Booking;
  lang: Language;
  userId: number;
  /** A slip's refusal reason. */
  note?: string;
  /** The amount the message is about (a refund sent), satang. */
  amountSatang?: number;
  /** A walk-in's receipt link (receipt). */
  receiptUrl?: string;
}
export type BookingMessageListener = (event: BookingMessageEvent) => Promise<void>;

/**
 * What the customer is told about their booking: the mail (booking-mail.ts), and the same event through
 * their other channels (LINE, registered in services.ts). A failure never undoes the step it tells of.
 */
export class BookingMessages {
  constructor(
    private readonly repo: BookingsRepository,
    private readonly deps: {
      mailer: Mailer;
      publicUrl: string;
      /** The ways the payment gateway takes online now (payments/, wired in services.ts): the mail says so. */
      onlineSources: () => Promise<readonly string[]>;
      /** A receipt's signed link (lib/receipt-link.ts), for the walk-in's receipt. */
      receiptUrl?: (bookingId: number) => string;
      /** Staff's changes to the licence rules (pricing/): the mail says what each driver brings. */
      pricing?: { licenceRules: (ex: Executor) => Promise<LicenceRuleChanges> };
      log?: { error: (obj: unknown, msg: string) => void };
    },
    /** The booking as its customer sees it, in a language. */
    private readonly booking: (bookingId: number, lang: Language) => Promise<Booking>,
  ) {}

  private readonly listeners: BookingMessageListener[] = [];

  /** Another channel that tells the customer what the booking mails tell them (LINE, services.ts). */
  onCustomerMessage(listener: BookingMessageListener) {
    this.listeners.push(listener);
  }

  /** Where the booking's mails go now (mailAddress), or null: the counter prints a walk-in's receipt then. */
  async recipient(bookingId: number): Promise<string | null> {
    const db = this.repo.db;
    const row = await this.repo.findBooking(db, { id: bookingId });
    if (!row) return null;
    const user = row.user_id ? await this.repo.userLanguageAndEmail(db, row.user_id) : undefined;
    return mailAddress(user?.email, row.driver_email);
  }

  /**
   * Mails the customer (their account email) in the language they booked in; a walk-in made without
   * an account is mailed at the email its driver gave at the counter (issue 35 part 9: the back
   * office says it was sent). `known` (the booking just loaded in that language, and its customer)
   * saves a reload.
   */
  async send(
    bookingId: number,
    kind: BookingMailKind,
    known?: { booking: Booking; lang: Language; userId: number },
    note?: string,
    amountSatang?: number,
  ) {
    try {
      const db = this.repo.db;
      let booking = known?.booking;
      let lang = known?.lang;
      let userId: number | null | undefined = known?.userId;
      let fallbackEmail = known?.booking.driver.email;
      if (!booking || !lang || !userId) {
        const row = await this.repo.findBooking(db, { id: bookingId });
        if (!row) return;
        lang = row.language;
        userId = row.user_id;
        fallbackEmail = row.driver_email;
        booking = await this.booking(bookingId, lang);
      }
      const user = userId ? await this.repo.userLanguageAndEmail(db, userId) : undefined;
      const receiptUrl = kind === 'receipt' ? this.deps.receiptUrl?.(bookingId) : undefined;
      // The same event through the customer's other channels (LINE): written before the mail, so a
      // mail server's failure does not lose it; a channel's own failure is logged below like a mail's.
      if (userId)
        for (const listener of this.listeners)
          await listener({ bookingId, kind, booking, lang, userId, note, amountSatang, receiptUrl });
      const method = booking.paymentMethod;
      const message = bookingMail(kind, booking, lang, this.deps.publicUrl, {
        note,
        amountSatang,
        paysOnline: method !== 'card' && (await this.deps.onlineSources()).includes(method),
        licenceRules: (await this.deps.pricing?.licenceRules(db)) ?? {},
        receiptUrl,
      });
      // An account made from a provider that gave no email has a made-up one: the booking's driver
      // email is the customer's real address then.
      const to = mailAddress(user?.email, fallbackEmail);
      if (!to) return;
      await this.deps.mailer.send({ to, ...message }, { userId: userId ?? undefined });
      // A company's booking made for an employee who drives (decision 3612): the driver is told too,
      // the same mail (the booking, the counter, what to bring), at the email the booker gave for them.
      const driverEmail = booking.driver.email.trim();
      if (
        method === 'company_account' &&
        driverEmail &&
        !isMadeUpEmail(driverEmail) &&
        driverEmail.toLowerCase() !== to.toLowerCase()
      )
        await this.deps.mailer.send({ to: driverEmail, ...message }, { userId: userId ?? undefined });
    } catch (error) {
      // A mail failure never undoes a booking or a payment; it is logged for staff.
      this.deps.log?.error({ err: error, bookingId, kind }, 'booking email failed');
    }
  }
}
