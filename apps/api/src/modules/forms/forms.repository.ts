import { asc, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages, corporateQuotes, newsletterSubscribers } from '../../db/schema/content';

export type NewContactMessage = typeof contactMessages.$inferInsert;
export type NewCorporateQuote = typeof corporateQuotes.$inferInsert;

export class FormsRepository {
  constructor(private readonly db: Db) {}

  async insertContactMessage(row: NewContactMessage): Promise<number> {
    const [created] = await this.db.insert(contactMessages).values(row).returning({ id: contactMessages.id });
    return created!.id;
  }

  /** The privacy notice keeps messages and quote requests for 2 years. */
  async deleteOlderThan(before: Date): Promise<void> {
    await this.db.delete(contactMessages).where(lt(contactMessages.createdAt, before));
    await this.db.delete(corporateQuotes).where(lt(corporateQuotes.createdAt, before));
  }

  async insertCorporateQuote(row: NewCorporateQuote): Promise<number> {
    const [created] = await this.db.insert(corporateQuotes).values(row).returning({ id: corporateQuotes.id });
    return created!.id;
  }

  /** What the forms and the newsletter hold under one email address (any case), for a PDPA export. */
  async byEmail(email: string) {
    const [messages, quotes, subscriptions] = await Promise.all([
      this.db
        .select({
          fullName: contactMessages.fullName,
          email: contactMessages.email,
          subject: contactMessages.subject,
          message: contactMessages.message,
          language: contactMessages.language,
          sentAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(sql`lower(${contactMessages.email}) = lower(${email})`)
        .orderBy(asc(contactMessages.createdAt)),
      this.db
        .select({
          companyName: corporateQuotes.companyName,
          contactName: corporateQuotes.contactName,
          position: corporateQuotes.position,
          email: corporateQuotes.email,
          phone: corporateQuotes.phone,
          vehicles: corporateQuotes.vehicles,
          message: corporateQuotes.message,
          language: corporateQuotes.language,
          sentAt: corporateQuotes.createdAt,
        })
        .from(corporateQuotes)
        .where(sql`lower(${corporateQuotes.email}) = lower(${email})`)
        .orderBy(asc(corporateQuotes.createdAt)),
      this.db
        .select({
          email: newsletterSubscribers.email,
          language: newsletterSubscribers.language,
          status: newsletterSubscribers.status,
          consentRequestedAt: newsletterSubscribers.consentRequestedAt,
          confirmedAt: newsletterSubscribers.confirmedAt,
        })
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`),
    ]);
    return { contactMessages: messages, corporateQuotes: quotes, newsletter: subscriptions[0] ?? null };
  }

  /** Erases the same (staff notes on those messages go with them: ON DELETE CASCADE). */
  async deleteByEmail(email: string): Promise<void> {
    await this.db.delete(contactMessages).where(sql`lower(${contactMessages.email}) = lower(${email})`);
    await this.db.delete(corporateQuotes).where(sql`lower(${corporateQuotes.email}) = lower(${email})`);
    await this.db
      .delete(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
  }
}
