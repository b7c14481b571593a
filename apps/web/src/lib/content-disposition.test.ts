import { describe, expect, it } from 'vitest';
import { getFilenameFromDisposition } from './content-disposition';

describe('getFilenameFromDisposition', () => {
  it.each([
    [
      'attachment; filename="wellspring-export-2026-11-21.json"',
      'wellspring-export-2026-11-21.json',
    ],
    ['attachment; filename=wellspring-tasks.csv', 'wellspring-tasks.csv'],
    ['attachment; filename="a \\"quoted\\" name.csv"', 'a "quoted" name.csv'],
    ['attachment; filename="plain.json"; filename*=UTF-8\'\'M%C3%BCller.json', 'Müller.json'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\Users\\\\x.json"', 'x.json'],
  ])('reads %s', (header, name) => {
    expect(getFilenameFromDisposition(header)).toBe(name);
  });

  it.each([null, '', 'attachment', 'attachment; filename=""', 'attachment; filename=".."'])(
    'answers null for %j',
    (header) => {
      expect(getFilenameFromDisposition(header)).toBeNull();
    },
  );

  it('falls back to filename when filename* is malformed', () => {
    expect(
      getFilenameFromDisposition('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="ok.json"'),
    ).toBe('ok.json');
  });
});
