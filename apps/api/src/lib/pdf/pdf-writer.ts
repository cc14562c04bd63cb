import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

function fontFile(name: string): string {
  const dir = path.dirname(require.resolve('@fontsource/sarabun/package.json'));
  return path.join(dir, 'files', name);
}

/**
 * Chinese glyphs come from a system Noto Sans CJK (Debian's fonts-noto-cjk)
 * when one is installed; we bundle no CJK font (BRAND.md). Without one, a
 * Chinese receipt is written with English labels, so it never shows empty boxes.
 */
const CJK_CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc',
];
export function cjkFont(): { file: string; family: string } | null {
  for (const file of CJK_CANDIDATES)
    if (existsSync(file))
      return { file, family: file.includes('Serif') ? 'NotoSerifCJKsc-Regular' : 'NotoSansCJKsc-Regular' };
  return null;
}

/**
 * Fonts are read and parsed once per process, not once per receipt: the 19 MB
 * Noto CJK collection and the WOFF files cost 60-150 ms of the event loop each
 * time, which every other visitor waited behind (a Chinese receipt took
 * 120-450 ms on a loaded machine, 60-90 ms with the fonts kept).
 */
const parsedFonts = new Map<string, fontkit.Font>();
function parsedFont(file: string, family?: string): PDFKit.Mixins.PDFFontSource {
  const key = `${file}#${family ?? ''}`;
  let font = parsedFonts.get(key);
  if (!font) {
    font = fontkit.create(readFileSync(file), family);
    parsedFonts.set(key, font);
  }
  // PDFKit takes a parsed fontkit font as well as a file (its font factory), which @types/pdfkit leaves out.
  return font as unknown as PDFKit.Mixins.PDFFontSource;
}

const THAI = /[\u0E00-\u0E7F]/;
const CJK = /[\u2E80-\u9FFF\uFF00-\uFFEF\u3000-\u303F]/;

/**
 * An A4 PDF the receipt and the tax invoice are written on: Sarabun for Thai and Latin, the system's
 * Noto CJK for Chinese when there is one. `write` switches fonts by script within a line; `row` puts a
 * label and a value side by side; `finish` ends the document and gives its bytes.
 */
export function pdfWriter(title: string, options: { issuedAt?: Date } = {}) {
  const cjk = cjkFont();
  // An issued document carries its issue date as its creation date, not the moment it was written.
  const info = { Title: title, ...(options.issuedAt && { CreationDate: options.issuedAt }) };
  const doc = new PDFDocument({ size: 'A4', margin: 50, info });
  doc.registerFont('latin', parsedFont(fontFile('sarabun-latin-400-normal.woff')));
  doc.registerFont('latin-bold', parsedFont(fontFile('sarabun-latin-700-normal.woff')));
  doc.registerFont('thai', parsedFont(fontFile('sarabun-thai-400-normal.woff')));
  doc.registerFont('thai-bold', parsedFont(fontFile('sarabun-thai-700-normal.woff')));
  if (cjk) doc.registerFont('cjk', parsedFont(cjk.file, cjk.family));

  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  /** Writes a line, switching fonts by script (the Sarabun files are split into Thai and Latin subsets). */
  const write = (text: string, options: { bold?: boolean; size?: number; x?: number; y?: number } = {}) => {
    doc.fontSize(options.size ?? 11);
    const runs: { font: string; text: string }[] = [];
    for (const ch of text) {
      const font = THAI.test(ch)
        ? options.bold
          ? 'thai-bold'
          : 'thai'
        : CJK.test(ch) && cjk
          ? 'cjk'
          : options.bold
            ? 'latin-bold'
            : 'latin';
      const last = runs[runs.length - 1];
      if (last && (last.font === font || ch === ' ')) last.text += ch;
      else runs.push({ font, text: ch });
    }
    runs.forEach((run, i) => {
      doc.font(run.font);
      const opts = { continued: i < runs.length - 1 };
      if (i === 0 && options.x !== undefined) doc.text(run.text, options.x, options.y, opts);
      else doc.text(run.text, opts);
    });
    if (runs.length === 0) doc.text(' ');
  };

  const money = (satang: number) =>
    `THB ${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(satang / 100)}`;
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    write(label, { x: 50, y, bold });
    doc.y = y;
    write(value, { x: 330, y, bold });
    doc.moveDown(0.2);
    doc.x = 50;
  };
  const finish = () => {
    doc.end();
    return done;
  };
  return { doc, write, row, money, finish, chinese: cjk !== null };
}
