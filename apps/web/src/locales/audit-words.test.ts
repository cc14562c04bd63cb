import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import th from './th/admin.json';
import en from './en/admin.json';
import zh from './zh/admin.json';

// Issue 35 part 9: staff screens showed raw event keys ("company.member_added") where the audit log had no
// words for an action. Every action and entity the API records (an `action: '…'` / `entity: '…'` in its
// source) has its words in th, en and zh, under the keys the audit log page looks up.
const apiSource = path.resolve(import.meta.dirname, '../../../api/src');
const sources = (readdirSync(apiSource, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => readFileSync(path.join(apiSource, f), 'utf8'));
// An action is "<entity>.<what happened>"; an entity is one word.
const shapes = { action: '[a-z_]+\\.[a-z_.]+', entity: '[a-z_]+' };
const recorded = (field: 'action' | 'entity') =>
  [
    ...new Set(
      sources.flatMap((s) =>
        [...s.matchAll(new RegExp(`${field}: '(${shapes[field]})'`, 'g'))].map((m) => m[1]!),
      ),
    ),
  ].sort();

type Texts = Record<string, unknown>;
const lookup = (texts: Texts, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);
const namespaces = ['audit', 'articles.audit', 'conditions.audit', 'reviews.audit'];

describe('the audit log names every event in th, en and zh', () => {
  it('finds the events the API records', () => {
    expect(recorded('action').length).toBeGreaterThan(40);
    expect(recorded('entity').length).toBeGreaterThan(15);
  });

  for (const [lang, texts] of Object.entries({ th, en, zh }) as [string, Texts][]) {
    it(`[${lang}] has words for every action and entity`, () => {
      const missingActions = recorded('action').filter(
        (a) =>
          !namespaces.some(
            (ns) => typeof lookup(texts, `${ns}.actions.${a.replaceAll('.', '_')}`) === 'string',
          ) && typeof lookup(texts, `booking.actionsLog.${a.replace('.', '_')}`) !== 'string',
      );
      const missingEntities = recorded('entity').filter(
        (e) => !namespaces.some((ns) => typeof lookup(texts, `${ns}.entities.${e}`) === 'string'),
      );
      expect({ missingActions, missingEntities }).toEqual({ missingActions: [], missingEntities: [] });
    });
  }
});
