/**
 * CSV for spreadsheets (RFC 4180: comma-separated, CRLF lines, fields quoted
 * when they hold a comma, a quote or a line break, quotes doubled).
 *
 * A cell that starts with = + - or @ (or a tab or carriage return) is a
 * formula to Excel and LibreOffice, which can run commands or leak data when
 * the file is opened (CSV injection, OWASP). Such a cell gets a leading
 * apostrophe, so it is shown as the text it is. A plain negative amount
 * (-1869.16) stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain negative amount: a number to the spreadsheet, nothing it could run. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole file: a header row, then the rows. Starts with a byte-order mark so
 * Excel reads it as UTF-8 (Thai and Chinese addresses stay readable).
 */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
