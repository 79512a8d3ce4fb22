import { describe, expect, it } from 'vitest';
import { neutraliseCsvCell, neutraliseCsvText } from '../../../src/rules/csv-cell';

describe('CSV cells a spreadsheet cannot run', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","Prize")', `'=HYPERLINK("https://evil.example","Prize")`],
    ["+cmd|' /C calc'!A0", `'+cmd|' /C calc'!A0`],
    ['-2+3+cmd', "'-2+3+cmd"],
    ['@SUM(1+1)', "'@SUM(1+1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('text starting like a formula gets a leading quote: %j', (text, expected) => {
    expect(neutraliseCsvText(text)).toBe(expected);
    expect(neutraliseCsvCell(text)).toBe(expected);
  });

  it.each(['Pit stop quiz', 'Driver of the day, "P1" or not', '2026-03-29', 'a=b', ' =not first', ''])(
    'other text stays as it is: %j',
    (text) => {
      expect(neutraliseCsvText(text)).toBe(text);
    },
  );

  it('numbers stay numbers, negative ones included, and empty cells stay empty', () => {
    expect(neutraliseCsvCell(-5)).toBe(-5);
    expect(neutraliseCsvCell(0)).toBe(0);
    expect(neutraliseCsvCell(12.5)).toBe(12.5);
    expect(neutraliseCsvCell(null)).toBeNull();
    expect(neutraliseCsvCell(undefined)).toBeUndefined();
    expect(neutraliseCsvCell(true)).toBe(true);
  });
});
