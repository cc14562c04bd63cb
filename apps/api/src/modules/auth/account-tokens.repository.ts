import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql-rows';

/** What a mailed link is for. */
export type AccountTokenPurpose = 'password_reset' | 'email_verification';

/** The account_tokens table: mailed links, kept only as hashes. */
export class AccountTokensRepository {
  constructor(private readonly db: Db) {}

  async insert(input: {
    userId: number;
    purpose: AccountTokenPurpose;
    email: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO account_tokens (user_id, purpose, email, token_hash, expires_at)
          VALUES (${input.userId}, ${input.purpose}, ${input.email}, ${input.tokenHash}, ${input.expiresAt.toISOString()})`,
    );
  }

  /** Marks a live token of this purpose used; the account and address it was for, or undefined. */
  async useLive(
    tokenHash: string,
    purpose: AccountTokenPurpose,
  ): Promise<{ user_id: number; email: string } | undefined> {
    const [row] = await rows<{ user_id: number; email: string }>(
      this.db,
      sql`UPDATE account_tokens SET used_at = now()
          WHERE token_hash = ${tokenHash} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()
          RETURNING user_id, email`,
    );
    return row;
  }

  /** Every unused link of this purpose for the account stops working. */
  async useAllOf(userId: number, purpose: AccountTokenPurpose): Promise<void> {
    await this.db.execute(
      sql`UPDATE account_tokens SET used_at = now() WHERE user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL`,
    );
  }

  forUser(userId: number) {
    return rows<{ purpose: string; email: string; created_at: Date; expires_at: Date; used_at: Date | null }>(
      this.db,
      sql`SELECT purpose, email, created_at, expires_at, used_at FROM account_tokens WHERE user_id = ${userId} ORDER BY id`,
    );
  }

  async eraseUser(userId: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM account_tokens WHERE user_id = ${userId}`);
  }
}
