/**
 * A CSV cell: quoted, quotes doubled, and text a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return) prefixed with an apostrophe, so it stays text.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
