import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql-rows';

/** A staff member's authenticator secret (encrypted) and the last TOTP step accepted. */
export interface SecondFactorSecret {
  secretEncrypted: string;
  enabled: boolean;
  lastStep: number;
}

/** The user_second_factors and user_recovery_codes tables. */
export class SecondFactorRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction, with a repository bound to it. */
  transaction<T>(fn: (repo: SecondFactorRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new SecondFactorRepository(tx)));
  }

  async status(userId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number } | undefined> {
    const [row] = await rows<{ enabled: boolean; left: number }>(
      this.db,
      sql`SELECT (f.enabled_at IS NOT NULL) AS enabled,
            (SELECT count(*)::int FROM user_recovery_codes c WHERE c.user_id = ${userId} AND c.used_at IS NULL) AS left
          FROM user_second_factors f WHERE f.user_id = ${userId}`,
    );
    return row && { enabled: row.enabled, recoveryCodesLeft: row.left };
  }

  /** A new secret, not in force until enabled: any earlier one is replaced. */
  async saveNewSecret(userId: number, secretEncrypted: string): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO user_second_factors (user_id, secret_encrypted) VALUES (${userId}, ${secretEncrypted})
          ON CONFLICT (user_id) DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted, enabled_at = NULL, last_step = 0`,
    );
  }

  /** The secret, its row locked until the transaction ends; `enabledOnly` skips one not yet confirmed. */
  async lockSecret(userId: number, enabledOnly: boolean): Promise<SecondFactorSecret | undefined> {
    const [row] = await rows<{ secret_encrypted: string; enabled_at: Date | null; last_step: string }>(
      this.db,
      sql`SELECT secret_encrypted, enabled_at, last_step FROM user_second_factors
          WHERE user_id = ${userId} ${enabledOnly ? sql`AND enabled_at IS NOT NULL` : sql``} FOR UPDATE`,
    );
    return (
      row && {
        secretEncrypted: row.secret_encrypted,
        enabled: row.enabled_at !== null,
        lastStep: Number(row.last_step),
      }
    );
  }

  /** Puts the secret in force from `step` with a fresh set of recovery codes (their hashes). */
  async enable(userId: number, step: number, recoveryCodeHashes: string[]): Promise<void> {
    await this.db.execute(
      sql`UPDATE user_second_factors SET enabled_at = now(), last_step = ${step} WHERE user_id = ${userId}`,
    );
    await this.db.execute(sql`DELETE FROM user_recovery_codes WHERE user_id = ${userId}`);
    for (const hash of recoveryCodeHashes)
      await this.db.execute(
        sql`INSERT INTO user_recovery_codes (user_id, code_hash) VALUES (${userId}, ${hash})`,
      );
  }

  async acceptStep(userId: number, step: number): Promise<void> {
    await this.db.execute(sql`UPDATE user_second_factors SET last_step = ${step} WHERE user_id = ${userId}`);
  }

  /** Uses up one unused recovery code with this hash; false when there is none. */
  async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    const used = await rows<{ id: number }>(
      this.db,
      sql`UPDATE user_recovery_codes SET used_at = now()
          WHERE id = (SELECT id FROM user_recovery_codes
                      WHERE user_id = ${userId} AND used_at IS NULL AND code_hash = ${codeHash} LIMIT 1)
          RETURNING id`,
    );
    return used.length === 1;
  }

  async erase(userId: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM user_recovery_codes WHERE user_id = ${userId}`);
    await this.db.execute(sql`DELETE FROM user_second_factors WHERE user_id = ${userId}`);
  }
}
