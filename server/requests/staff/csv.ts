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

/** One CSV line with its CRLF end (RFC 4180). */
export function csvLine(row: readonly unknown[]): string {
  return row.map(csvCell).join(',') + '\r\n';
}

/** A BOM (so spreadsheets read UTF-8) and the header line: how a CSV file starts. */
export function csvStart(header: readonly string[]): string {
  return '\uFEFF' + csvLine(header);
}
