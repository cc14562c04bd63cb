import { describe, expect, it } from 'vitest';
import { auditActions, auditEntities } from '@siam/contract/audit-events';
import th from './th/admin.json';
import en from './en/admin.json';
import zh from './zh/admin.json';
import { actionKeys, entityKeys } from '../features/admin/audit-keys';

// Issue 35 part 9: staff screens showed raw event keys ("company.member_added") where the audit log had no
// words for an action. The API writes only the events @siam/contract/audit-events lists (AuditService.record
// and the admin CLI take those types, so an action picked by a ternary or an entity from a map is one of
// them too); each has its words in th, en and zh under the keys the audit log page looks up.
type Texts = Record<string, unknown>;
const lookup = (texts: Texts, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);
/** Whether the audit log screen finds words for it: the same keys it looks up. */
const named = (texts: Texts, keys: string[]) => keys.some((key) => typeof lookup(texts, key) === 'string');

describe('the audit log names every event in th, en and zh', () => {
  it('reads the events from the list the API must use', () => {
    expect(auditActions).toEqual(
      expect.arrayContaining(['booking.payment_verified', 'booking.deposit_taken', 'user.promote_admin']),
    );
    expect(auditEntities).toEqual(expect.arrayContaining(['corporate_quote', 'contact_message']));
  });

  for (const [lang, texts] of Object.entries({ th, en, zh }) as [string, Texts][]) {
    it(`[${lang}] has words for every action and entity`, () => {
      const missingActions = auditActions.filter((a) => !named(texts, actionKeys(a)));
      const missingEntities = auditEntities.filter((e) => !named(texts, entityKeys(e)));
      expect({ missingActions, missingEntities }).toEqual({ missingActions: [], missingEntities: [] });
    });
  }
});
