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
