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

  async insertCorporateQuote(row: NewCorporateQuote): Promise<number> {
    const [created] = await this.db.insert(corporateQuotes).values(row).returning({ id: corporateQuotes.id });
    return created!.id;
  }
}
