import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import th from './th/admin.json';
import en from './en/admin.json';
import zh from './zh/admin.json';
import { actionKeys, entityKeys } from '../features/admin/audit-keys';

// Issue 35 part 9: staff screens showed raw event keys ("company.member_added") where the audit log had no
// words for an action. Every action and entity the API records (an `action: '…'` / `entity: '…'` in its
// source) has its words in th, en and zh, under the keys the audit log page looks up.
const apiSource = path.resolve(import.meta.dirname, '../../../api/src');
const sources = (readdirSync(apiSource, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => readFileSync(path.join(apiSource, f), 'utf8'));
// An action is "<entity>.<what happened>"; an entity is one word.
const shapes = { action: '[a-z_]+\\.[a-z_.]+', entity: '[a-z_]+' };
// A booking's staff actions are named where they are audited: `this.audited(actor, 'booking.picked_up', …)`.
const recorded = (field: 'action' | 'entity') =>
  [
    ...new Set(
      sources.flatMap((s) =>
        [
          ...s.matchAll(new RegExp(`${field}: '(${shapes[field]})'`, 'g')),
          ...(field === 'action'
            ? s.matchAll(new RegExp(`audited\\(\\s*actor,\\s*'(${shapes.action})'`, 'g'))
            : []),
        ].map((m) => m[1]!),
      ),
    ),
  ].sort();

type Texts = Record<string, unknown>;
const lookup = (texts: Texts, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);
/** Whether the audit log screen finds words for it: the same keys it looks up. */
const named = (texts: Texts, keys: string[]) => keys.some((key) => typeof lookup(texts, key) === 'string');

describe('the audit log names every event in th, en and zh', () => {
  it('finds the events the API records', () => {
    expect(recorded('action').length).toBeGreaterThan(40);
    expect(recorded('action')).toEqual(
      expect.arrayContaining(['booking.payment_verified', 'booking.picked_up']),
    );
    expect(recorded('entity').length).toBeGreaterThan(15);
  });

  for (const [lang, texts] of Object.entries({ th, en, zh }) as [string, Texts][]) {
    it(`[${lang}] has words for every action and entity`, () => {
      const missingActions = recorded('action').filter((a) => !named(texts, actionKeys(a)));
      const missingEntities = recorded('entity').filter((e) => !named(texts, entityKeys(e)));
      expect({ missingActions, missingEntities }).toEqual({ missingActions: [], missingEntities: [] });
    });
  }
});
