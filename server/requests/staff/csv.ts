/**
 * One CSV cell. Text that a spreadsheet would run as a formula (starting with = + - @, or a
 * tab or carriage return before one) gets a leading apostrophe (OWASP's advice), and every
 * cell is quoted, so commas, quotes and line breaks stay inside it.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows to CSV with CRLF line ends (RFC 4180), a header first, and a BOM so spreadsheets read UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return '\uFEFF' + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
