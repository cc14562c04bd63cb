import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import th from './th/admin.json';
import en from './en/admin.json';
import zh from './zh/admin.json';
import { staffReferenceKey } from '../features/admin/bookings/payment-references';

// Issue 35 part 9: a booking's page in the back office showed the database's own words for a payment's
// and a gateway charge's status ("succeeded", "reversed") and Omise's event keys ("charge.complete") on
// Thai and Chinese screens. Every status the database allows (the CHECK of each table's migration) has
// its words in th, en and zh; Thai and Chinese are not the English words.
const migrations = path.resolve(import.meta.dirname, '../../../api/src/db/migrations');
const sql = readdirSync(migrations)
  .filter((f) => f.endsWith('.sql'))
  .map((f) => readFileSync(path.join(migrations, f), 'utf8'))
  .join('\n');
const statusesOf = (table: string) => {
  const create = new RegExp(`CREATE TABLE ${table} \\(([\\s\\S]*?)\\n\\);`).exec(sql)?.[1] ?? '';
  // A later migration may have replaced the CHECK (ALTER TABLE … ADD CONSTRAINT <table>_status_check): its last one.
  const altered = [
    ...sql.matchAll(
      new RegExp(`ADD CONSTRAINT ${table}_status_check\\s+CHECK \\(status IN \\(([^)]*)\\)\\)`, 'g'),
    ),
  ].at(-1)?.[1];
  const check = altered ?? /status text[^\n]*CHECK \(status IN \(([^)]*)\)\)/.exec(create)?.[1] ?? '';
  return [...check.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
};

const groups = { paymentStatus: statusesOf('payments'), gatewayStatus: statusesOf('gateway_charges') };
type Texts = { booking: object };
/** One group of words under `booking` (a status or an event kind → its words). */
const wordsOf = (texts: Texts, group: string) =>
  (texts.booking as Record<string, unknown>)[group] as Record<string, string>;

describe("a booking's payments are named in the staff member's language", () => {
  it('reads the statuses the database allows', () => {
    expect(groups).toEqual({
      paymentStatus: ['pending', 'succeeded', 'failed'],
      gatewayStatus: ['pending', 'successful', 'failed', 'expired', 'reversed', 'authorized'],
    });
  });

  for (const [lang, texts] of Object.entries({ th, en, zh }) as [string, Texts][]) {
    it(`[${lang}] has words for every payment and charge status and Omise's charge and refund events`, () => {
      for (const [group, statuses] of Object.entries(groups))
        expect(Object.keys(wordsOf(texts, group)).sort(), group).toEqual([...statuses].sort());
      expect(Object.keys(wordsOf(texts, 'gatewayEventKind'))).toEqual(
        expect.arrayContaining(['charge_complete', 'charge_create', 'refund_create']),
      );
      if (lang !== 'en')
        for (const group of ['paymentStatus', 'gatewayStatus', 'gatewayEventKind'])
          for (const [key, words] of Object.entries(wordsOf(texts, group)))
            expect(words, `${group}.${key}`).not.toBe(wordsOf(en, group)[key]);
    });
  }
});

// The references the server writes on a payment staff recorded ("slip verified by staff") are English
// words kept in the database; the booking page names them in the staff member's language. Every such
// literal in the API's sources has its words (features/admin/bookings/payment-references.ts).
const apiSources = path.resolve(import.meta.dirname, '../../../api/src');
const sourcesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourcesOf(path.join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [readFileSync(path.join(dir, e.name), 'utf8')]
        : [],
  );
const staffReferencesInApi = [
  ...new Set(
    sourcesOf(apiSources).flatMap((s) => [...s.matchAll(/'([a-z ]+ by staff)'/g)].map((m) => m[1]!)),
  ),
].sort();

describe("a payment staff recorded is named in the staff member's language", () => {
  it('finds the references the server writes', () => {
    expect(staffReferencesInApi).toEqual([
      'card terminal payment received by staff',
      'cash received by staff',
      'change difference received by staff',
      'promptpay payment received by staff',
      'slip verified by staff',
      'transfer received by staff',
    ]);
  });
  it('has a words key for each of them', () => {
    for (const reference of staffReferencesInApi)
      expect(staffReferenceKey(reference), reference).not.toBeNull();
  });
  for (const [lang, texts] of Object.entries({ th, en, zh }) as [string, Texts][]) {
    it(`[${lang}] has the words, and in Thai and Chinese not the English ones`, () => {
      const words = wordsOf(texts, 'paymentReference');
      for (const reference of staffReferencesInApi) {
        const key = staffReferenceKey(reference)!;
        expect(words[key], key).toBeTruthy();
        if (lang === 'en') expect(words[key]).toBe(reference);
        else expect(words[key]).not.toBe(wordsOf(en, 'paymentReference')[key]);
      }
    });
  }
});
