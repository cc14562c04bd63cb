/**
 * The address an account gets when its sign-in provider gave none (spec §3: Facebook without an
 * email; LINE, which is not asked for one). `.invalid` can never receive mail (RFC 2606): the site
 * shows the person's name instead, and booking mails go to the booking's driver email.
 */
export const MADE_UP_EMAIL_DOMAIN = 'users.siamdrive.invalid';

export function madeUpEmailFor(provider: string, subject: string): string {
  return `${provider}-${subject.replace(/[^A-Za-z0-9_-]/g, '')}@${MADE_UP_EMAIL_DOMAIN}`;
}

export function isMadeUpEmail(email: string): boolean {
  return email.endsWith(`@${MADE_UP_EMAIL_DOMAIN}`);
}
