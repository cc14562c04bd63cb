/**
 * Every setting is parsed in apps/api/src/config/settings.ts, listed in .env.example and in
 * README.md's settings table, with the same default in all three (a project rule). README once
 * said SHED_EVENT_LOOP_DELAY_MS defaults to 200 while .env.example set 1000 (issue 31): this test
 * reads the three and fails on any name or default that one of them says differently.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../apps/api/src/config/settings';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Name = keyof typeof settingsSchema.shape;
const names = Object.keys(settingsSchema.shape) as Name[];

/** What the app makes of a value of `name` (undefined: not set), or 'invalid'. */
function parsed(name: Name, value: string | undefined): unknown {
  const result = settingsSchema.shape[name].safeParse(value);
  return result.success ? result.data : 'invalid';
}

/** .env.example's assignments: NAME=value, comments left out. */
function envExample(): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of read('.env.example').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) found.set(match[1]!, match[2]!);
  }
  return found;
}

/** README's settings table: each row's names (a row may name two) and its default column. */
function readmeTable(): Map<string, string> {
  const section =
    read('README.md')
      .split(/^## Settings$/m)[1]
      ?.split(/^## /m)[0] ?? '';
  const found = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !cells[1]?.startsWith('`')) continue;
    for (const [, name] of cells[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)) found.set(name!, cells[2]!);
  }
  return found;
}

describe('the settings, .env.example and the README agree', () => {
  const env = envExample();
  const readme = readmeTable();

  it('name the same settings', () => {
    expect([...env.keys()].sort(), '.env.example').toEqual([...names].sort());
    expect([...readme.keys()].sort(), "README's settings table").toEqual([...names].sort());
  });

  it.each(names)('give %s the default the app applies', (name) => {
    const applied = parsed(name, undefined);
    // .env.example's value, copied into an environment, means what leaving it out means.
    expect(env.has(name)).toBe(true);
    expect(parsed(name, env.get(name)), `.env.example: ${name}=${env.get(name)}`).toEqual(applied);
    // README: "(none)" is the empty value; a default is written as that one value (`200`); any
    // other words say how the app decides when it is unset ("(generated)", "(none: `http://HOST:PORT`)").
    const written = readme.get(name) ?? '';
    const literal = written === '(none)' ? '' : /^`([^`]*)`$/.exec(written)?.[1];
    if (literal === undefined) expect(applied, `README: ${name} ${written}`).toBeUndefined();
    else expect(parsed(name, literal), `README: ${name} ${written}`).toEqual(applied);
  });
});
