/**
 * CSV cells that a spreadsheet cannot run (OWASP "CSV Injection"): a text cell starting with `=`, `+`, `-`, `@`, a
 * tab or a carriage return is read by Excel, LibreOffice and Google Sheets as a formula (`=HYPERLINK(...)`,
 * `+cmd|' /C calc'!A0`), so it gets a leading `'`, which makes the spreadsheet show it as text. Numbers are left
 * as they are: -5 stays a number. Every CSV the app writes passes its cells through here, on the server (the
 * figures) and in the console (the winners).
 */

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `text` as a CSV cell a spreadsheet shows as text: prefixed with `'` when it starts like a formula. */
export function neutraliseCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV cell value with its text neutralised (`neutraliseCsvText`); numbers, booleans and empty cells unchanged. */
export function neutraliseCsvCell<T>(value: T): T | string {
  return typeof value === 'string' ? neutraliseCsvText(value) : value;
}
