import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '@siam/contract/languages';

const root = path.dirname(new URL(import.meta.url).pathname);

function flatKeys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => flatKeys(v, `${prefix}${i}.`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => flatKeys(v, `${prefix}${k}.`));
  return [prefix.slice(0, -1)];
}

const namespaces = (lng: string) =>
  readdirSync(path.join(root, lng))
    .filter((f) => f.endsWith('.json'))
    .sort();

describe('the locale files', () => {
  it('exist for every language with the same namespaces', () => {
    const reference = namespaces('en');
    for (const lng of languages) expect(namespaces(lng), lng).toEqual(reference);
  });

  for (const ns of namespaces('en')) {
    it(`${ns} has exactly the same keys in th, en and zh, none empty`, () => {
      const keysOf = (lng: string) => {
        const json = JSON.parse(readFileSync(path.join(root, lng, ns), 'utf8'));
        return flatKeys(json).sort();
      };
      const en = keysOf('en');
      for (const lng of languages) {
        expect(keysOf(lng), `${lng}/${ns}`).toEqual(en);
        const json = JSON.parse(readFileSync(path.join(root, lng, ns), 'utf8'));
        const empty = flatKeys(json).filter(
          (k) => k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], json) === '',
        );
        expect(empty, `${lng}/${ns} empty texts`).toEqual([]);
      }
    });
  }
});
