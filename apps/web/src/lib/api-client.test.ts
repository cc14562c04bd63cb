import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, serverWords } from './api-client';
import { i18n, i18nReady } from './i18n';

// ApiError(kind, text, httpStatus, code, serverMsg, fieldErrors, retryAfter, serverMessage, serverLanguage)
const failed500 = (msg: string | undefined, language?: string) =>
  new ApiError('http', 'generic', 500, 'INTERNAL_ERROR', msg, [], undefined, undefined, language);

describe("serverWords: the server's words where the spec shows them (the listing's load failure, §8)", () => {
  beforeAll(async () => {
    await i18nReady;
  });

  it("shows a 500's msg on a page in the language the server wrote it in", async () => {
    await i18n.changeLanguage('th');
    expect(serverWords(failed500('เซิร์ฟเวอร์ขัดข้อง กรุณาลองใหม่อีกครั้ง', 'th'))).toBe(
      'เซิร์ฟเวอร์ขัดข้อง กรุณาลองใหม่อีกครั้ง',
    );
    await i18n.changeLanguage('zh');
    expect(serverWords(failed500('服务器出错，请重试', 'zh'))).toBe('服务器出错，请重试');
    await i18n.changeLanguage('en');
    // A server that names no language wrote English.
    expect(serverWords(failed500('Catalog is being updated, back in 5 minutes'))).toBe(
      'Catalog is being updated, back in 5 minutes',
    );
  });

  it("keeps the page's own words when the server's are in another language or absent", async () => {
    await i18n.changeLanguage('th');
    expect(serverWords(failed500('Catalog is being updated'))).toBeUndefined();
    expect(serverWords(failed500('服务器出错，请重试', 'zh'))).toBeUndefined();
    expect(serverWords(failed500(undefined, 'th'))).toBeUndefined();
    expect(serverWords(new ApiError('network', 'offline'))).toBeUndefined();
    expect(serverWords(new Error('boom'))).toBeUndefined();
  });

  it("prefers the spec's `message` to `msg` when an answer has both", async () => {
    await i18n.changeLanguage('en');
    const both = new ApiError(
      'http',
      'x',
      500,
      'INTERNAL_ERROR',
      'msg words',
      [],
      undefined,
      'message words',
    );
    expect(serverWords(both)).toBe('message words');
  });
});
