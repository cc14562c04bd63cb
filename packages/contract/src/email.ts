/**
 * The one email rule, without zod: forms in the browser check with `isEmail`
 * and the API with `emailSchema` (auth.ts), which uses this pattern. Kept apart
 * so a page with a newsletter box does not download the schema library.
 */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MAX_LENGTH = 254;

export const isEmail = (value: string): boolean => {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && emailPattern.test(email);
};
