/**
 * A person's name as their own writing puts it (issue 36 part 1): Chinese (and Japanese kanji) names
 * family name first with no space (张伟, not "伟 张"), Korean family name first with a space; every
 * other script given name first. The one way mails, the booking page, the agreement and the back
 * office print a name. Free of zod: the site's pages carry it.
 */
const HAN = /\p{Script=Han}/u;
const HANGUL = /\p{Script=Hangul}/u;

export function personName(firstName: string, lastName: string): string {
  const given = firstName.trim();
  const family = lastName.trim();
  if (!given || !family) return given || family;
  const written = given + family;
  if (HAN.test(written)) return `${family}${given}`;
  if (HANGUL.test(written)) return `${family} ${given}`;
  return `${given} ${family}`;
}
