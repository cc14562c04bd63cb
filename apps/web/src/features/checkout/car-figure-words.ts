import { driverMessages } from '@siam/contract/drivers';
import { hasWords } from '../../lib/form-fields';

/**
 * The one place the form keeps its own words for a contract message: the car's age and licence
 * rules, which the form names with this car's figures ("at least 23 on the pickup day"), where the
 * contract's words can only say "younger than this car allows". Every other message is said in
 * the contract's words (`messages` namespace, decision 3543).
 */
const carFigureKeys: Record<string, string> = {
  [driverMessages.tooYoung]: 'validation.tooYoung',
  [driverMessages.tooOld]: 'validation.tooOld',
  [driverMessages.licenceTooNew]: 'validation.licenceTooNew',
};

/**
 * What a field's error holds (and `say` says): the form's own words for the car's figures, the
 * contract message itself when it has words, else `fallback` (a text key of the booking namespace).
 */
export function problemText(message: string | undefined, fallback: string): string;
export function problemText(message: string | undefined): string | undefined;
export function problemText(message: string | undefined, fallback?: string): string | undefined {
  if (message && carFigureKeys[message]) return carFigureKeys[message];
  return hasWords(message) ? message : fallback;
}
