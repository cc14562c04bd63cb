import { describe, expect, it } from 'vitest';
import { personName } from './person-names';

describe('personName', () => {
  it('puts a Chinese family name first, without a space', () => {
    expect(personName('伟', '张')).toBe('张伟');
    expect(personName('小明', '欧阳')).toBe('欧阳小明');
  });
  it('puts a Korean family name first, with a space', () => {
    expect(personName('민준', '김')).toBe('김 민준');
  });
  it('keeps Thai and Latin names given name first', () => {
    expect(personName('Somchai', 'Jaidee')).toBe('Somchai Jaidee');
    expect(personName('สมชาย', 'ใจดี')).toBe('สมชาย ใจดี');
    expect(personName('Wei', 'Zhang')).toBe('Wei Zhang');
  });
  it('prints the one name there is', () => {
    expect(personName('Anong', '')).toBe('Anong');
    expect(personName(' ', '张')).toBe('张');
  });
});
