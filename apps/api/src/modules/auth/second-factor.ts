import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql-rows';
import { AppError } from '../../lib/app-error';
import {
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  otpauthUri,
} from './totp';

export const WRONG_CODE_MESSAGE = 'The code is not right, or it was used already';

/**
 * Staff accounts' second factor (issue 13): an authenticator app's TOTP code,
 * or one of ten one-time recovery codes. Set up in two steps (the secret is
 * shown as a QR code, then confirmed by a first code) so nobody is locked out
 * by a secret their phone never took.
 */
export class SecondFactorService {
  constructor(
    private readonly db: Db,
    private readonly sessionSecret: string,
  ) {}

  async status(userId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const [row] = await rows<{ enabled: boolean; left: number }>(
      this.db,
      sql`SELECT (f.enabled_at IS NOT NULL) AS enabled,
            (SELECT count(*)::int FROM user_recovery_codes c WHERE c.user_id = ${userId} AND c.used_at IS NULL) AS left
          FROM user_second_factors f WHERE f.user_id = ${userId}`,
    );
    return { enabled: Boolean(row?.enabled), recoveryCodesLeft: row?.enabled ? row.left : 0 };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return (await this.status(userId)).enabled;
  }

  /** A new secret, not yet in force: the QR code for the app and the same secret as text. */
  async setUp(user: { id: number; email: string }) {
    if (await this.isEnabled(user.id))
      throw new AppError('CONFLICT', 'Two-step sign-in is on already; turn it off first to change the app');
    const secret = randomBytes(20);
    await this.db.execute(
      sql`INSERT INTO user_second_factors (user_id, secret_encrypted) VALUES (${user.id}, ${encryptSecret(secret, this.sessionSecret)})
          ON CONFLICT (user_id) DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted, enabled_at = NULL, last_step = 0`,
    );
    const uri = otpauthUri(secret, user.email);
    const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { otpauthUri: uri, secret: uri.match(/secret=([A-Z2-7]+)/)![1]!, qrSvg };
  }

  /** The first code from the app turns it on; the ten recovery codes are shown this once. */
  async enable(userId: number, code: string): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const [row] = await rows<{ secret_encrypted: string; enabled_at: Date | null; last_step: string }>(
        tx,
        sql`SELECT secret_encrypted, enabled_at, last_step FROM user_second_factors WHERE user_id = ${userId} FOR UPDATE`,
      );
      if (!row) throw new AppError('CONFLICT', 'Start the set-up first');
      if (row.enabled_at) throw new AppError('CONFLICT', 'Two-step sign-in is on already');
      const step = matchTotp(
        decryptSecret(row.secret_encrypted, this.sessionSecret),
        code,
        Number(row.last_step),
      );
      if (step === null)
        throw new AppError('VALIDATION_FAILED', WRONG_CODE_MESSAGE, [
          { path: 'code', message: WRONG_CODE_MESSAGE },
        ]);
      const codes = newRecoveryCodes();
      await tx.execute(
        sql`UPDATE user_second_factors SET enabled_at = now(), last_step = ${step} WHERE user_id = ${userId}`,
      );
      await tx.execute(sql`DELETE FROM user_recovery_codes WHERE user_id = ${userId}`);
      for (const c of codes)
        await tx.execute(
          sql`INSERT INTO user_recovery_codes (user_id, code_hash) VALUES (${userId}, ${hashRecoveryCode(c)})`,
        );
      return codes;
    });
  }

  /**
   * True when the code is the app's current code (each accepted once) or an
   * unused recovery code (then used up). Under a row lock, so two requests
   * with one code cannot both pass.
   */
  async verify(userId: number, code: string): Promise<boolean> {
    const clean = code.trim();
    return this.db.transaction(async (tx) => {
      const [row] = await rows<{ secret_encrypted: string; last_step: string }>(
        tx,
        sql`SELECT secret_encrypted, last_step FROM user_second_factors
            WHERE user_id = ${userId} AND enabled_at IS NOT NULL FOR UPDATE`,
      );
      if (!row) return false;
      const step = matchTotp(
        decryptSecret(row.secret_encrypted, this.sessionSecret),
        clean,
        Number(row.last_step),
      );
      if (step !== null) {
        await tx.execute(sql`UPDATE user_second_factors SET last_step = ${step} WHERE user_id = ${userId}`);
        return true;
      }
      const used = await rows<{ id: number }>(
        tx,
        sql`UPDATE user_recovery_codes SET used_at = now()
            WHERE id = (SELECT id FROM user_recovery_codes
                        WHERE user_id = ${userId} AND used_at IS NULL AND code_hash = ${hashRecoveryCode(clean)} LIMIT 1)
            RETURNING id`,
      );
      return used.length === 1;
    });
  }

  /** Turning it off takes a valid code too: a stolen session alone cannot remove it. */
  async disable(userId: number, code: string): Promise<void> {
    if (!(await this.verify(userId, code)))
      throw new AppError('VALIDATION_FAILED', WRONG_CODE_MESSAGE, [
        { path: 'code', message: WRONG_CODE_MESSAGE },
      ]);
    await this.erase(userId);
  }

  async erase(userId: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM user_recovery_codes WHERE user_id = ${userId}`);
    await this.db.execute(sql`DELETE FROM user_second_factors WHERE user_id = ${userId}`);
  }
}
