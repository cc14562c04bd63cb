import { describe, expect, it } from 'vitest';
import type { User } from '@siam/contract/auth';
import { madeUpEmailFor } from '@siam/contract/made-up-email';
import { defaultValues } from './booking-form-values';

const user = (over: Partial<User>): User => ({
  id: 7,
  email: 'somchai@example.com',
  firstName: 'Somchai',
  lastName: 'Jaidee',
  phone: '0812345678',
  role: 'customer',
  language: 'th',
  avatarUrl: null,
  emailVerified: true,
  line: null,
  ...over,
});

/** Issue 36: a LINE sign-in gives a display name and no email; the booking form must not fill in a made-up one. */
describe('the booking form’s first values', () => {
  it('leaves the email empty for an account signed in with LINE, and the surname it never gave', () => {
    const line = user({
      email: madeUpEmailFor('line', 'U4af4980629'),
      firstName: 'สมชาย',
      lastName: '',
      phone: '',
      line: { friend: true },
    });
    expect(defaultValues(line).driver).toMatchObject({
      firstName: 'สมชาย',
      lastName: '',
      email: '',
      phone: '',
    });
  });

  it('fills in a real account’s own details', () => {
    expect(defaultValues(user({})).driver).toMatchObject({
      firstName: 'Somchai',
      lastName: 'Jaidee',
      email: 'somchai@example.com',
      phone: '0812345678',
    });
  });
});
