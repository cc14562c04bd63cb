import { execFileSync } from 'node:child_process';

/**
 * The text of a PDF as a reader's copy-and-paste gets it, through poppler's pdftotext (Debian's
 * poppler-utils; .ci/run installs it). PDFKit writes text as glyph ids with a ToUnicode map, which
 * pdftotext reads back, so a test can check what a paper says.
 */
export function pdfText(pdf: Buffer): string {
  try {
    return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
  } catch (error) {
    throw new Error(`pdftotext failed (apt-get install poppler-utils): ${(error as Error).message}`);
  }
}

/**
 * A PDF's document information as poppler's pdfinfo reads it (Title, CreationDate, …), with dates
 * as ISO strings in UTC (`-isodates`).
 */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const out = execFileSync('pdfinfo', ['-isodates', '-'], {
    input: pdf,
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC' },
  });
  return Object.fromEntries(
    out
      .split('\n')
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!, m[2]!]),
  );
}
