import { describe, expect, it } from 'vitest';
import { toCsvField, toCsvRow } from './csv';

describe('toCsvField', () => {
  it('leaves plain text and numbers as they are, and writes null as an empty field', () => {
    expect(toCsvField('Take a walk')).toBe('Take a walk');
    expect(toCsvField(4500)).toBe('4500');
    expect(toCsvField(null)).toBe('');
    expect(toCsvField('')).toBe('');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(toCsvField('a,b')).toBe('"a,b"');
    expect(toCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvField('one\ntwo')).toBe('"one\ntwo"');
    expect(toCsvField('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rReturn', `"'\rReturn"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])('defuses %j as a formula', (value, expected) => {
    expect(toCsvField(value)).toBe(expected);
  });

  it.each([
    [' =1+1', "' =1+1"],
    ['   @SUM(A1)', "'   @SUM(A1)"],
    ['\n=1+1', `"'\n=1+1"`],
    ['\t\t-1', "'\t\t-1"],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    ['\u2003\u3000+1', "'\u2003\u3000+1"],
    ['\u200b=1+1', "'\u200b=1+1"],
    ['\ufeff=1+1', "'\ufeff=1+1"],
    ['\uff1d1+1', "'\uff1d1+1"],
    ['\uff0b1', "'\uff0b1"],
    ['\uff0d1', "'\uff0d1"],
    ['\uff20SUM(A1)', "'\uff20SUM(A1)"],
    [' \uff1d1+1', "' \uff1d1+1"],
    ['|calc', "'|calc"],
    ['%0A', "'%0A"],
    ['\u0000=1', "'\u0000=1"],
  ])('defuses %j: a formula after spaces, or in full-width form', (value, expected) => {
    expect(toCsvField(value)).toBe(expected);
  });

  it('leaves text that only starts with spaces alone, and numbers as numbers', () => {
    expect(toCsvField('  a walk')).toBe('  a walk');
    expect(toCsvField('\u00a0')).toBe('\u00a0');
    expect(toCsvField(-5)).toBe('-5');
  });

  it('leaves a formula character that is not first alone', () => {
    expect(toCsvField('1+1=2')).toBe('1+1=2');
    expect(toCsvField('me@example.test')).toBe('me@example.test');
  });
});

describe('toCsvRow', () => {
  it('joins the fields with commas and ends the record with CRLF', () => {
    expect(toCsvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
