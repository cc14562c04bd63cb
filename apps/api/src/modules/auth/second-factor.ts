import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { AppError } from '../../lib/app-error';
import {
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  otpauthUri,
} from './totp';
import type { SecondFactorRepository } from './second-factor.repository';

export const WRONG_CODE_MESSAGE = 'The code is not right, or it was used already';

/**
 * Staff accounts' second factor (issue 13): an authenticator app's TOTP code,
 * or one of ten one-time recovery codes. Set up in two steps (the secret is
 * shown as a QR code, then confirmed by a first code) so nobody is locked out
 * by a secret their phone never took.
 */
export class SecondFactorService {
  constructor(
    private readonly repository: SecondFactorRepository,
    private readonly sessionSecret: string,
  ) {}

  async status(userId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const row = await this.repository.status(userId);
    return { enabled: Boolean(row?.enabled), recoveryCodesLeft: row?.enabled ? row.recoveryCodesLeft : 0 };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return (await this.status(userId)).enabled;
  }

  /** A new secret, not yet in force: the QR code for the app and the same secret as text. */
  async setUp(user: { id: number; email: string }) {
    if (await this.isEnabled(user.id))
      throw new AppError('CONFLICT', 'Two-step sign-in is on already; turn it off first to change the app');
    const secret = randomBytes(20);
    await this.repository.saveNewSecret(user.id, encryptSecret(secret, this.sessionSecret));
    const uri = otpauthUri(secret, user.email);
    const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { otpauthUri: uri, secret: uri.match(/secret=([A-Z2-7]+)/)![1]!, qrSvg };
  }

  /** The first code from the app turns it on; the ten recovery codes are shown this once. */
  async enable(userId: number, code: string): Promise<string[]> {
    return this.repository.transaction(async (repo) => {
      const row = await repo.lockSecret(userId, false);
      if (!row) throw new AppError('CONFLICT', 'Start the set-up first');
      if (row.enabled) throw new AppError('CONFLICT', 'Two-step sign-in is on already');
      const step = matchTotp(decryptSecret(row.secretEncrypted, this.sessionSecret), code, row.lastStep);
      if (step === null)
        throw new AppError('VALIDATION_FAILED', WRONG_CODE_MESSAGE, [
          { path: 'code', message: WRONG_CODE_MESSAGE },
        ]);
      const codes = newRecoveryCodes();
      await repo.enable(userId, step, codes.map(hashRecoveryCode));
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
    return this.repository.transaction(async (repo) => {
      const row = await repo.lockSecret(userId, true);
      if (!row) return false;
      const step = matchTotp(decryptSecret(row.secretEncrypted, this.sessionSecret), clean, row.lastStep);
      if (step !== null) {
        await repo.acceptStep(userId, step);
        return true;
      }
      return repo.useRecoveryCode(userId, hashRecoveryCode(clean));
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
    await this.repository.erase(userId);
  }
}
