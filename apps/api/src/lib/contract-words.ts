import th from '@siam/contract/words/th.json' with { type: 'json' };
import zh from '@siam/contract/words/zh.json' with { type: 'json' };
import { fillRuleWords } from '@siam/contract/message-words';
import type { Language } from '@siam/contract/languages';

type Words = Record<Exclude<Language, 'en'>, string>;

/**
 * The contract's messages in Thai and Chinese, from the contract's own word files
 * (packages/contract/src/words/{th,zh}.json, decision 3543): the same words the site shows for
 * its own checks, so a message is worded once. A rule's figure is a `{{name}}` of ruleTextVariables.
 */
export const contractWords: Record<string, Words> = Object.fromEntries(
  Object.keys(th).map((message) => [
    message,
    {
      th: fillRuleWords((th as Record<string, string>)[message]!),
      zh: fillRuleWords((zh as Record<string, string>)[message] ?? message),
    },
  ]),
);
