import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages, corporateQuotes } from '../../db/schema/content';

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
}
