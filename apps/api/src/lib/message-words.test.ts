import { describe, expect, it } from 'vitest';
import { localizeMessage } from './message-words';

// Issue 35: the back office in Thai and Chinese showed the API's English refusals as they came.
describe("the API's error words in the request's language", () => {
  it('names the envelope and the common field problems', () => {
    expect(localizeMessage('Invalid data: check the data sent', 'th')).toBe('ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบข้อมูลที่ส่ง');
    expect(localizeMessage('Required', 'zh')).toBe('必填');
    expect(localizeMessage('At most 500 characters', 'th')).toBe('ไม่เกิน 500 ตัวอักษร');
    expect(localizeMessage('At least 10 characters', 'zh')).toBe('至少 10 个字符');
    expect(localizeMessage('Booking not found', 'th')).toBe('ไม่พบข้อมูลที่ขอ');
  });

  it('names what staff meet on a booking', () => {
    expect(localizeMessage('This booking is not awaiting payment', 'th')).toBe('การจองนี้ไม่ได้รอชำระเงินแล้ว');
    expect(localizeMessage('Only a confirmed booking can be picked up', 'zh')).toBe(
      '只有已确认的预订才能取车',
    );
  });

  it("translates zod's own default message with zod's words, and leaves a custom one it does not know", () => {
    const issue = { keyword: 'too_small', params: { origin: 'number', minimum: 18, inclusive: true } };
    expect(localizeMessage('Too small: expected number to be >=18', 'en', issue)).toBe(
      'Too small: expected number to be >=18',
    );
    const th = localizeMessage('Too small: expected number to be >=18', 'th', issue);
    expect(th).not.toBe('Too small: expected number to be >=18');
    expect(th).toContain('18');
    // A schema's own message is not zod's default: left as it is unless the table names it.
    expect(localizeMessage('A rule nobody gave words to', 'th', issue)).toBe('A rule nobody gave words to');
  });

  it('keeps English as it is, and a message already in Thai', () => {
    expect(localizeMessage('Required', 'en')).toBe('Required');
    expect(localizeMessage('ต้องมีใบขับขี่สากล', 'th')).toBe('ต้องมีใบขับขี่สากล');
  });
});
