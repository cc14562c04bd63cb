import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import th from '@siam/contract/words/th.json' with { type: 'json' };
import zh from '@siam/contract/words/zh.json' with { type: 'json' };
import { ruleTextVariables } from '@siam/contract/rental-rules';
import { driverMessages } from '@siam/contract/drivers';
import { taxMessages } from '@siam/contract/tax-invoices';
import { changeMessages } from '@siam/contract/bookings';
import { collectMessages } from '../../test/message-sources';
import { localizeMessage } from './message-words';

// Decision 3543: the contract's messages are worded once, in packages/contract/src/words/{th,zh}.json,
// which the API answers with (contract-words.ts) and the site loads as its `messages` namespace.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const contractSrc = `${repoRoot}packages/contract/src/`;
const words = { th, zh } as Record<'th' | 'zh', Record<string, string>>;

/**
 * Every message the contract holds: what the source reader finds (zod messages, refusals), and every
 * value of a `…Messages` object the contract exports (read by importing the modules: the reader does
 * not follow `taxMessages.companyName` into a schema).
 */
async function contractMessages(): Promise<Set<string>> {
  const found = new Set(collectMessages([contractSrc], repoRoot).messages.map((m) => m.message));
  for (const file of readdirSync(contractSrc).filter(
    (f) => /^[\w-]+\.ts$/.test(f) && !f.endsWith('.test.ts'),
  )) {
    const module = (await import(`${contractSrc}${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (name.endsWith('Messages') && value && typeof value === 'object')
        for (const text of Object.values(value)) if (typeof text === 'string') found.add(text);
  }
  return found;
}

/** A message made with a number (`At most 300 characters`): said by the API's patterns, which keep the number. */
const saidByPattern = (message: string) =>
  /\d/.test(message) && (['th', 'zh'] as const).every((lang) => localizeMessage(message, lang) !== message);

describe("the contract's words", () => {
  it('has Thai and Chinese words for every message of the contract', async () => {
    const messages = await contractMessages();
    expect(messages.size).toBeGreaterThan(150);
    const missing = [...messages].filter(
      (m) => (['th', 'zh'] as const).some((lang) => !words[lang][m]) && !saidByPattern(m),
    );
    expect(missing).toEqual([]);
  });

  it('words only messages the contract still sends, the same ones in both languages', async () => {
    const messages = await contractMessages();
    const source = readdirSync(contractSrc)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(`${contractSrc}${f}`, 'utf8'))
      .join('\n');
    // A literal a helper passes on (`requiredText('Please enter first name')`) is still the contract's.
    const stale = Object.keys(th).filter((m) => !messages.has(m) && !source.includes(`'${m}'`));
    expect(stale).toEqual([]);
    expect(Object.keys(zh).sort()).toEqual(Object.keys(th).sort());
  });

  it('are words, not the English again, and name a rule only by its figure', () => {
    for (const lang of ['th', 'zh'] as const)
      for (const [message, text] of Object.entries(words[lang])) {
        expect(text.trim(), `${lang}: ${message}`).not.toBe('');
        expect(text, `${lang}: ${message}`).not.toBe(message);
        for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g))
          expect(Object.keys(ruleTextVariables), `${lang}: ${message}`).toContain(name);
      }
  });

  it('are what the API answers with, the figures filled', () => {
    expect(localizeMessage(taxMessages.taxIdChecksum, 'th')).toBe(
      'เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง กรุณาตรวจสอบอีกครั้ง',
    );
    expect(localizeMessage(taxMessages.taxIdChecksum, 'zh')).toBe('税号无效，请检查数字。');
    expect(localizeMessage(driverMessages.permitNeeded, 'th')).toBe(words.th[driverMessages.permitNeeded]);
    // Worked out by hand: the date-change notice is 24 hours (businessRules.dateChangeNoticeHours).
    expect(localizeMessage(changeMessages.pickupAhead, 'th')).toBe('วันรับรถใหม่ต้องห่างจากตอนนี้อย่างน้อย 24 ชั่วโมง');
    expect(localizeMessage(changeMessages.pickupAhead, 'zh')).toBe('新的取车时间须距现在至少 24 小时。');
    expect(localizeMessage(changeMessages.pickupAhead, 'en')).toBe(
      'The new pickup must be at least 24 hours ahead',
    );
  });
});
