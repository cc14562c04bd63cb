import { readFileSync } from 'node:fs';
import { createInstance, type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { languages, type Language } from '@siam/contract/languages';
import { ruleTextVariables, type RuleTextVariable } from '@siam/contract/rental-rules';
import { changeMessages } from '@siam/contract/bookings';
import th from '@siam/contract/words/th.json' with { type: 'json' };
import zh from '@siam/contract/words/zh.json' with { type: 'json' };

/**
 * The rules' words come from the rules' figures (decision 3505): every text below states a payment
 * window, a cancellation fee, a date-change notice, a driver rule, a deposit or a late-return charge.
 * Rendered with every figure changed, no text may keep a number of its own: a "10%" or "21" typed
 * into a translation stays when the constant moves, and this test sees it.
 */
const ruleTexts: Record<string, string[]> = {
  legal: [
    'terms.metaDescription',
    'terms.sections.0.items',
    'terms.sections.1.items.1',
    'terms.sections.1.items.3',
    'terms.sections.2.items.0',
    'terms.sections.2.items.1',
    'terms.sections.3.items.0',
    'terms.sections.4.items',
    'terms.sections.7.items',
  ],
  pages: [
    'howItWorks.steps.1.text',
    'howItWorks.steps.2.text',
    'howItWorks.steps.3.text',
    'howItWorks.documents',
  ],
  booking: [
    'seats.law',
    'seats.fit',
    'rules.cancellation',
    'rules.dateChange',
    'rules.lateReturn',
    'rules.slip',
    'rules.slipGateway',
    'methodHelp',
    'history.freeUntil',
    'change.rule',
  ],
  catalog: [
    'details.rules.permit',
    'details.rules.payment',
    'details.rules.cancellation',
    'details.rules.lateReturn',
    'details.rules.seats',
  ],
};

/** Each figure replaced by a number no rule has (below 1,000, so no language groups its digits). */
const changed = Object.fromEntries(
  Object.keys(ruleTextVariables).map((name, i) => [name, 900 + i]),
) as Record<RuleTextVariable, number>;

function texts(lng: Language, variables: Record<string, unknown>): I18n {
  const resources = Object.fromEntries(
    Object.keys(ruleTexts).map((ns) => [
      ns,
      JSON.parse(readFileSync(new URL(`./${lng}/${ns}.json`, import.meta.url), 'utf8')) as object,
    ]),
  );
  const instance = createInstance();
  void instance.init({
    lng,
    resources: { [lng]: resources },
    initAsync: false,
    keySeparator: '.',
    interpolation: { escapeValue: false, defaultVariables: variables },
  });
  return instance;
}

/** Every string under a key (a text, a list of texts, or an object of them). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

function rendered(instance: I18n, ns: string, key: string): string[] {
  // A call's own values (a time, a fee) are given as words, so only the rules' figures are numbers.
  const found = strings(instance.t(key, { ns, returnObjects: true, time: 'T', fee: 'F' }));
  expect(found.length, `${ns}:${key} exists`).toBeGreaterThan(0);
  return found;
}

describe.each(languages)('rule words in %s', (lng) => {
  it('name every figure from the rules, none typed by hand', () => {
    const instance = texts(lng, changed);
    const sentinels = new RegExp(Object.values(changed).join('|'), 'g');
    for (const [ns, keys] of Object.entries(ruleTexts))
      for (const key of keys)
        for (const text of rendered(instance, ns, key))
          expect(text.replace(sentinels, ''), `${ns}:${key}`).not.toMatch(/[0-9๐-๙]/);
  });

  it('say what the server applies today', () => {
    const instance = texts(lng, ruleTextVariables);
    const all = (ns: string, key: string) => rendered(instance, ns, key).join(' ');
    // 10 % of the total, at least ฿500, after the free 24 hours (contract cancellationRule).
    for (const [ns, key] of [
      ['legal', 'terms.sections.2.items'],
      ['booking', 'rules.cancellation'],
      ['catalog', 'details.rules.cancellation'],
    ] as const) {
      expect(all(ns, key)).toContain('10%');
      expect(all(ns, key)).toContain('500');
      expect(all(ns, key)).toContain('24');
    }
    // Ages and licence years: 21/1, vans 23/2, luxury 25/2.
    expect(all('legal', 'terms.sections.4.items')).toMatch(/21\D+1\D+23\D+2\D+25\D+2/);
    // Late: after 30 minutes, 10 % of the daily price an hour.
    expect(all('legal', 'terms.sections.1.items.3')).toMatch(/30\D+10%/);
    // Deposits from ฿3,000 to ฿15,000.
    expect(all('legal', 'terms.sections.3.items.0')).toMatch(/3,000\D+15,000/);
    // A transfer's slip within 24 hours; PromptPay and wallets within 60 minutes.
    expect(all('legal', 'terms.sections.0.items')).toMatch(/60[^]*24/);
  });
});

// The contract's messages that state a rule (decision 3543): their Thai and Chinese words name the
// figure too (their English is the contract's constant, made from it).
describe.each([
  ['th', th],
  ['zh', zh],
] as const)("the contract's rule messages in %s", (lng, words: Record<string, string>) => {
  it('name the date-change notice from the rules', () => {
    for (const message of [changeMessages.notice, changeMessages.pickupAhead]) {
      const text = words[message]!.replace(/\{\{(\w+)\}\}/g, (_, name: RuleTextVariable) =>
        String(changed[name]),
      );
      expect(text, `${lng}: ${message}`).toContain(String(changed.dateChangeHours));
      expect(text.replaceAll(String(changed.dateChangeHours), ''), `${lng}: ${message}`).not.toMatch(
        /[0-9๐-๙]/,
      );
    }
  });
});
