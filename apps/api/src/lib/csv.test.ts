import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain@example.com')).toBe('plain@example.com');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('keeps a negative amount a number (a credit note in the output-tax report): it cannot hold a formula', () => {
    expect(csvCell('-1869.16')).toBe('-1869.16');
    expect(csvCell(-2)).toBe('-2');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+66812345678')).toBe("'+66812345678");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('-cmd|x')).toBe("'-cmd|x");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    // Only the start counts.
    expect(csvCell('a=b@c.d')).toBe('a=b@c.d');
  });

  it('writes a header, CRLF lines and a byte-order mark', () => {
    expect(toCsv(['a', 'b'], [['1', 'x,y']])).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });
});
