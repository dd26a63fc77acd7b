import { describe, expect, it } from 'vitest';
import { csvCell, fileSlug, toCsv } from './csv';

describe('csv', () => {
  it.each([
    ['Plain', '"Plain"'],
    ['a, "b"', '"a, ""b"""'],
    ['=1+1', `"'=1+1"`],
    ['+44 1234', `"'+44 1234"`],
    ['-x', `"'-x"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tTab', `"'\tTab"`],
    ['line\nbreak', '"line\nbreak"'],
  ])('quotes text %j as %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers as numbers, negatives included, and nothing for null', () => {
    expect([csvCell(-12.5), csvCell(0), csvCell(null)]).toEqual(['-12.5', '0', '']);
  });

  it('starts with the byte-order mark and ends every line with CRLF', () => {
    expect(toCsv(['A', 'B'], [['x', 1]])).toBe('\uFEFF"A","B"\r\n"x",1\r\n');
  });

  it('makes file-name slugs', () => {
    expect(fileSlug('Morning Calm & Co.')).toBe('morning-calm-co');
    expect(fileSlug('Café Crème')).toBe('cafe-creme');
    expect(fileSlug('***')).toBe('export');
  });
});
