import { readFileSync } from 'node:fs';
import { fillRuleWords } from '../packages/contract/src/message-words';

/**
 * A contract message as the site and the API say it in `lng`: the contract's word files, the rules'
 * figures filled (decision 3543); in English, the message itself.
 */
export function contractWords(lng: string): (message: string) => string {
  if (lng === 'en') return (message) => message;
  const words = JSON.parse(readFileSync(`packages/contract/src/words/${lng}.json`, 'utf8')) as Record<
    string,
    string
  >;
  return (message) => fillRuleWords(words[message] ?? `no ${lng} words for ${message}`);
}
