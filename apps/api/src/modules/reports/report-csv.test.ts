import { NOT_A_DIAGNOSIS, REPORT_SECTIONS, type Report } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../account/account.test-helpers';
import { reportCsv } from './report-csv';
import { buildReport, DIARY_TEXTS } from './report-file.test-helpers';

/** The CSV's blocks: each its header row and its rows, split at the blank lines. */
function blocksOf(report: Report): string[][][] {
  const blocks: string[][][] = [[]];
  for (const record of parseCsv(reportCsv(report))) {
    if (record.length === 1 && record[0] === '') blocks.push([]);
    else blocks.at(-1)!.push(record);
  }
  return blocks;
}

/** The block whose rows name `section` first, its header row included. */
function blockNamed(report: Report, section: string): string[][] {
  const block = blocksOf(report).find((b) => b[1]?.[0] === section);
  expect(block, `a ${section} block`).toBeDefined();
  return block!;
}

describe('reportCsv', () => {
  const report = buildReport();

  it('opens with the report row, then a block per table in the report’s order', () => {
    const blocks = blocksOf(report);
    expect(blocks[0]).toEqual([
      ['section', 'from', 'to', 'days', 'time_zone', 'generated_at', 'note'],
      [
        'report',
        '2026-09-01',
        '2026-11-29',
        '90',
        'Europe/London',
        '2026-11-30T09:15:00.000Z',
        NOT_A_DIAGNOSIS,
      ],
    ]);
    expect(blocks.map((b) => b[1]?.[0])).toEqual([
      'report',
      'calendar',
      'distribution',
      'low_run',
      'check_ins',
      'check_ins_by_count',
      'activity',
      'measure',
      'diary',
    ]);
    for (const block of blocks) expect(block[0]![0]).toBe('section');
  });

  it('has a calendar row a day: mood, check-ins and whether a diary entry was written', () => {
    const block = blockNamed(report, 'calendar');
    expect(block[0]).toEqual(['section', 'date', 'mood', 'check_ins', 'diary']);
    expect(block).toHaveLength(report.calendar!.length + 1);
    expect(block[1]).toEqual(['calendar', '2026-09-01', 'Happy', '1', 'yes']);
    expect(block).toContainEqual(['calendar', '2026-10-04', 'Depressed', '1', 'no']);
  });

  it('gives the distribution as days and percent, and the low runs', () => {
    const { moods, daysWithMood } = report.distribution!;
    const block = blockNamed(report, 'distribution');
    expect(block[0]).toEqual(['section', 'mood', 'days', 'percent']);
    expect(block.slice(1).map((r) => r[1])).toEqual(moods.map((m) => m.mood));
    const depressed = moods.find((m) => m.mood === 'Depressed')!;
    expect(block).toContainEqual([
      'distribution',
      'Depressed',
      String(depressed.days),
      String(Math.round((depressed.days / daysWithMood) * 1000) / 10),
    ]);
    expect(blockNamed(report, 'low_run')).toEqual([
      ['section', 'from', 'to', 'days'],
      ['low_run', '2026-10-03', '2026-10-05', '3'],
    ]);
  });

  it('gives the check-in figures and the days of each count', () => {
    const c = report.checkIns!;
    expect(blockNamed(report, 'check_ins')).toEqual([
      ['section', 'total', 'days_with_check_ins', 'mean_per_day', 'most_in_a_day'],
      ['check_ins', String(c.total), String(c.daysWithCheckIns), String(c.meanPerDay), '3'],
    ]);
    expect(blockNamed(report, 'check_ins_by_count')).toEqual([
      ['section', 'check_ins', 'days'],
      ...c.byCount.map((b) => ['check_ins_by_count', String(b.checkIns), String(b.days)]),
    ]);
  });

  it('lists the better findings, then the worse, with their numbers; a comma is quoted', () => {
    const block = blockNamed(report, 'activity');
    expect(block).toEqual([
      [
        'section',
        'direction',
        'name',
        'mean_with',
        'mean_without',
        'days_with',
        'days_without',
        'margin',
      ],
      ['activity', 'better', 'Walk', '3.9', '3.2', '31', '47', '0.3'],
      ['activity', 'worse', 'Late night, screens', '2.8', '3.6', '12', '66', '0.4'],
    ]);
    expect(reportCsv(report)).toContain('\r\nactivity,worse,"Late night, screens",2.8,');
  });

  it('has a row a questionnaire result, with the item-9 answer when flagged', () => {
    expect(blockNamed(report, 'measure')).toEqual([
      ['section', 'measure_id', 'date', 'score', 'band', 'item9_answer'],
      ['measure', 'phq9', '2026-09-14', '8', 'Mild', ''],
      ['measure', 'phq9', '2026-10-06', '16', 'Moderately severe', 'Several days'],
      ['measure', 'who5', '2026-10-20', '44', 'Low well-being', ''],
    ]);
  });

  it('quotes diary text with quotes and line breaks, keeping every script', () => {
    const withBreaks = buildReport({
      diary: [
        { date: '2026-09-12', mood: 'Happy', isBackfilled: true, text: 'One "two"\r\nthree, four' },
        { date: '2026-10-04', mood: null, isBackfilled: false, text: DIARY_TEXTS.cyrillic },
      ],
    });
    expect(blockNamed(withBreaks, 'diary')).toEqual([
      ['section', 'date', 'mood', 'written_later', 'text'],
      ['diary', '2026-09-12', 'Happy', 'yes', 'One "two"\r\nthree, four'],
      ['diary', '2026-10-04', '', 'no', DIARY_TEXTS.cyrillic],
    ]);
    expect(reportCsv(withBreaks)).toContain(',yes,"One ""two""\r\nthree, four"\r\n');
  });

  it('defuses diary text a spreadsheet would run as a formula, as the account export does', () => {
    const csv = reportCsv(
      buildReport({
        diary: [
          { date: '2026-09-12', mood: 'Sad', isBackfilled: false, text: '=HYPERLINK("x","y")' },
          { date: '2026-09-13', mood: 'Sad', isBackfilled: false, text: ' @SUM(A1)' },
        ],
      }),
    );
    expect(csv).toContain('\r\ndiary,2026-09-12,Sad,no,"\'=HYPERLINK(""x"",""y"")"\r\n');
    expect(csv).toContain("\r\ndiary,2026-09-13,Sad,no,' @SUM(A1)\r\n");
  });

  it('has no diary rows, nor a block, when the diary was not chosen', () => {
    const csv = reportCsv(
      buildReport({ sections: REPORT_SECTIONS.filter((s) => s !== 'diary'), diary: null }),
    );
    expect(csv).not.toMatch(/^diary,/m);
    expect(csv).not.toContain('written_later');
    for (const said of Object.values(DIARY_TEXTS)) expect(csv).not.toContain(said);
  });

  it('leaves out each section not chosen, and ends with the CRLF of its last record', () => {
    const report = buildReport({ sections: ['measures'] });
    expect(blocksOf(report).map((b) => b[1]?.[0])).toEqual(['report', 'measure']);
    expect(reportCsv(report).endsWith('\r\n')).toBe(true);
  });
});
