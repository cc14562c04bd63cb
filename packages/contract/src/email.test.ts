import { describe, expect, it } from 'vitest';
import { emailSchema } from './auth';
import { isEmail } from './email';

// One rule in two places: the browser's check (no zod) and the API's schema must agree.
describe('the email rule', () => {
  const samples = [
    'somchai@example.co.th',
    ' Malee.S@Example.com ',
    'wang+rent@mail.cn',
    "o'brien@example.ie",
    'a@b.c',
    'no-at-sign.example.com',
    'two@@example.com',
    '.dot-first@example.com',
    'dot-last.@example.com',
    'double..dot@example.com',
    'space in@example.com',
    'ไทย@example.com',
    '',
    `${'a'.repeat(250)}@example.com`,
  ];
  it.each(samples)('agrees with the API schema on %j', (sample) => {
    expect(isEmail(sample)).toBe(emailSchema.safeParse(sample).success);
  });
  it('takes ordinary addresses and refuses broken ones', () => {
    expect(isEmail('somchai@example.co.th')).toBe(true);
    expect(isEmail('two@@example.com')).toBe(false);
  });
});
