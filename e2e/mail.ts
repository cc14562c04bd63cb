import { expect } from '@playwright/test';
import { readOutbox, type OutboxMail } from '../apps/api/test/outbox';
import { allowFor } from '../apps/api/test/time-allowance';

/** The test server writes every mail to DATA_DIR/outbox (playwright.config.ts shares the folder). */
const dataDir = () => process.env.E2E_DATA_DIR!;

/** The first mail to `to` whose subject matches, waiting up to 20 s (stretched by load: allowFor) for the outbox job to send it (decision 3105). */
export async function waitForMail(to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        found = readOutbox(dataDir()).find((m) => m.to.includes(to) && subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: allowFor(20_000) },
    )
    .toBe(true);
  return found!;
}

/** Every mail to `to` whose subject matches, once there are at least `count` of them. */
export async function waitForMails(to: string, subject: RegExp, count: number): Promise<OutboxMail[]> {
  let found: OutboxMail[] = [];
  await expect
    .poll(
      () => {
        found = readOutbox(dataDir()).filter((m) => m.to.includes(to) && subject.test(m.subject));
        return found.length;
      },
      { timeout: allowFor(20_000) },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

export const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
