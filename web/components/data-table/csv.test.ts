// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvCell, csvFileName, downloadCsv, toCsv } from './csv';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('CSV export', () => {
  it('starts with the byte-order mark and ends every line with CRLF', () => {
    const text = toCsv({ header: ['Email'], rows: [['a@tend.demo'], ['b@tend.demo']] });
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toBe('\uFEFF"a@tend.demo"\r\n"b@tend.demo"\r\n');
  });

  it('quotes every field, doubling inner quotes, and keeps commas and line breaks inside', () => {
    expect(toCsv({ header: [], rows: [['Say "hi"', 'a,b', 'two\nlines', '']] })).toBe(
      '\uFEFF"Say ""hi""","a,b","two\nlines",""\r\n',
    );
  });

  it('writes the header row only when asked', () => {
    const table = { header: ['Email', 'Username'], rows: [['maya@tend.demo', 'maya']] };
    expect(toCsv(table)).toBe('\uFEFF"maya@tend.demo","maya"\r\n');
    expect(toCsv({ ...table, headerRow: true })).toBe('\uFEFF"Email","Username"\r\n"maya@tend.demo","maya"\r\n');
  });

  it('neutralises spreadsheet formulas with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(csvCell('plain = text')).toBe('"plain = text"');
    expect(csvCell('12')).toBe('"12"');
  });

  it('names the file after the list and the day', () => {
    expect(csvFileName('users', new Date(2026, 10, 23, 15, 30))).toBe('users-2026-11-23.csv');
  });

  it('downloads through a temporary link and revokes its object URL once the click is done', () => {
    vi.useFakeTimers();
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:tend/1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    downloadCsv('users-2026-11-23.csv', toCsv({ header: [], rows: [['a']] }));
    expect(create).toHaveBeenCalledTimes(1);
    expect((create.mock.calls[0][0] as Blob).type).toBe('text/csv;charset=utf-8');
    expect(clicked).toEqual([{ href: 'blob:tend/1', download: 'users-2026-11-23.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:tend/1');
  });
});
