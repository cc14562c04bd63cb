import { ruleTextVariables, type RuleTextVariable } from './rental-rules';

/**
 * The contract's messages have their Thai and Chinese words in words/th.json and words/zh.json,
 * keyed by the message as the contract writes it (its English, which the API sends as a field
 * error's `source`): the API says its refusals with them and the site loads them as its `messages`
 * namespace, so each message is worded in one place (decision 3543). English is the message itself.
 * A figure of the rental rules is written `{{name}}` and filled from ruleTextVariables, as the
 * site's texts are.
 */
export function fillRuleWords(words: string): string {
  return words.replace(/\{\{(\w+)\}\}/g, (all, name: string) =>
    name in ruleTextVariables ? String(ruleTextVariables[name as RuleTextVariable]) : all,
  );
}

/** How i18next reads a contract message as a key: the whole English message, dots and colons included. */
export const messageKeyOptions = { ns: 'messages', keySeparator: false, nsSeparator: false } as const;
