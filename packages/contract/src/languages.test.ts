import { describe, expect, it } from 'vitest';
import { pickLanguage } from './languages';

describe('pickLanguage', () => {
  it('prefers ?lng=', () => expect(pickLanguage('zh', 'th-TH,th;q=0.9')).toBe('zh'));
  it('maps regional tags', () => {
    expect(pickLanguage(undefined, 'th-TH,th;q=0.9,en;q=0.8')).toBe('th');
    expect(pickLanguage(undefined, 'zh-CN,zh;q=0.9')).toBe('zh');
  });
  it('skips unsupported languages', () => expect(pickLanguage(undefined, 'de-DE, zh;q=0.5')).toBe('zh'));
  it('falls back to English', () => {
    expect(pickLanguage('fr', 'de')).toBe('en');
    expect(pickLanguage(undefined, undefined)).toBe('en');
  });
});
