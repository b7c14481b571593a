import {
  listDates,
  NOT_A_DIAGNOSIS,
  REPORT_SECTION_TITLES,
  REPORT_SECTIONS,
  type Report,
  type ReportPaper,
} from '@wellspring/shared';
import { buffer } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPdf, squeezeSpaces } from '../../../test/pdf-text';
import { buildFiveYearReport, buildReport, DIARY_TEXTS, LOW_RUN } from './report-file.test-helpers';
import { renderReportPdf } from './report-pdf';

async function render(report: Report, { paper = 'a4' as ReportPaper, withStructure = false } = {}) {
  const pdf = await buffer(renderReportPdf(report, paper));
  return { pdf, ...(await readPdf(pdf, { withStructure })) };
}

/** The structure elements of a type, as pdfinfo -struct-text lists them. */
function countElements(structure: string, type: string): number {
  return structure.split('\n').filter((line) => new RegExp(`^\\s*${type}\\b`).test(line)).length;
}

describe('the PDF of a 90-day report with every section', () => {
  const report = buildReport();
  let text: string;
  let flat: string;
  let structure: string;
  let pdf: Buffer;
  let facts: Awaited<ReturnType<typeof render>>['facts'];

  beforeAll(async () => {
    ({ pdf, text, structure, facts } = await render(report, { withStructure: true }));
    flat = squeezeSpaces(text);
  });

  it('is a tagged A4 document titled with its range', () => {
    expect(facts.isTagged).toBe(true);
    expect(facts.pageSize).toEqual({ width: 595.28, height: 841.89 });
    expect(facts.title).toBe('Wellspring report, 1 September 2026 to 29 November 2026');
    expect(facts.raw).toMatch(/^PDF version:\s+1\.7$/m);
  });

  it('opens with the title, the range, the time zone, the day made and what it is not', () => {
    expect(flat).toContain('Wellspring report 1 September 2026 to 29 November 2026, 90 days');
    expect(flat).toContain('Time zone: Europe/London');
    expect(flat).toContain('Generated on 30 November 2026');
    expect(flat).toContain(NOT_A_DIAGNOSIS);
  });

  it('shows every section under its heading, in the report’s order, each tagged H2', () => {
    const at = REPORT_SECTIONS.map((s) => flat.indexOf(REPORT_SECTION_TITLES[s]));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(structure).toMatch(/^\s*H1 .*\n\s*"Wellspring report"/m);
    expect(countElements(structure, 'H2')).toBe(REPORT_SECTIONS.length);
    for (const type of ['Document', 'Sect', 'P', 'H3', 'Table', 'TR', 'TH', 'TD']) {
      expect(countElements(structure, type), type).toBeGreaterThan(0);
    }
  });

  it('marks the page header and footer as artifacts, out of the structure', () => {
    expect(flat).toMatch(/Page 1 of 2 .*Page 2 of 2/);
    expect(structure).not.toContain('Page 1 of');
  });

  it('draws the calendar month by month, a day with its mood initial, and the key', () => {
    for (const month of ['September 2026', 'October 2026', 'November 2026']) {
      expect(flat).toContain(month);
    }
    expect(flat).toContain('Mon Tue Wed Thu Fri Sat Sun');
    expect(flat).toContain('Key: E Ecstatic, H Happy, N Neutral, S Sad, D Depressed.');
    // 4 October 2026 was Depressed: its cell reads "4 D", and says so in words to a reader.
    expect(structure).toContain('"4 D"');
    expect(pdf.toString('latin1')).toContain('/ActualText (4 October 2026: Depressed)');
    // One day cell a day of the range: 90, and the blanks of the weeks around them.
    expect(countElements(structure, 'TD')).toBeGreaterThanOrEqual(90);
  });

  it('tabulates the moods with their days and share, then lists the runs of low mood', () => {
    const { moods, daysWithMood } = report.distribution!;
    expect(flat).toContain(`Days with a mood: ${daysWithMood}.`);
    for (const { mood, days } of moods) {
      const percent = ((days / daysWithMood) * 100).toFixed(1);
      expect(flat).toContain(`${mood} (${mood[0]}) ${days} ${percent}%`);
    }
    expect(LOW_RUN).toEqual(report.distribution!.lowRuns[0]);
    expect(flat).toContain('3 to 5 October 2026: 3 days');
    expect(flat).not.toContain('No runs of three or more low days.');
  });

  it('gives the check-in figures and how many days had each count', () => {
    const c = report.checkIns!;
    expect(flat).toContain(`Check-ins in all: ${c.total}`);
    expect(flat).toContain(`Days with check-ins: ${c.daysWithCheckIns}`);
    expect(flat).toContain(`Mean per day with check-ins: ${c.meanPerDay.toFixed(1)}`);
    expect(flat).toContain(`Most in a day: ${c.mostInADay}`);
    expect(flat).toContain('Check-ins in a day Days');
    for (const b of c.byCount) expect(flat).toContain(` ${b.checkIns} ${b.days} `);
  });

  it('says each activity finding in its own words, as going together', () => {
    const { better, worse } = report.activities!;
    for (const finding of [...better, ...worse]) expect(flat).toContain(finding.text);
    expect(flat).toContain('Went with better days');
    expect(flat).toContain('Went with worse days');
    expect(flat).not.toMatch(/\bcaused? by\b|\bcauses\b/);
  });

  it('shows each questionnaire with its meaning, bands, scores, credit and the item-9 flag', () => {
    for (const measure of report.measures!) {
      expect(flat).toContain(measure.name);
      expect(flat).toContain(`Score: ${measure.scoreMeaning}.`);
      for (const band of measure.bands) {
        expect(flat).toContain(`${band.min} to ${band.max} ${band.label}`);
      }
      expect(flat).toContain(measure.credit);
    }
    expect(flat).toContain('Date Score Band Flag');
    expect(flat).toContain('14 September 2026 8 of 27 Mild');
    expect(flat).toContain('6 October 2026 16 of 27 Moderately severe');
    expect(flat).toContain('Item 9 (thoughts of self-harm): Several days');
    expect(flat).toContain('1 result with item 9 (thoughts of self-harm) answered other than');
    expect(flat).toContain('20 October 2026 44 of 100 Low well-being');
  });

  it('quotes the diary entries in their scripts, with date, mood and "(written later)"', () => {
    expect(flat).toContain('12 September 2026, Happy');
    expect(flat).toContain('4 October 2026, Depressed (written later)');
    expect(flat).toContain('2 November 2026, no mood');
    for (const said of Object.values(DIARY_TEXTS)) expect(flat).toContain(said);
    expect(text).toContain('Сегодня было тяжело');
    expect(text).toContain('Καλημέρα κόσμε');
    expect(text).toContain('crème brûlée');
  });
});

describe('the PDF of other reports', () => {
  it('leaves out the diary when it was not chosen', async () => {
    const report = buildReport({
      sections: REPORT_SECTIONS.filter((s) => s !== 'diary'),
      diary: null,
    });
    const { text } = await render(report);
    const flat = squeezeSpaces(text);
    expect(flat).not.toContain(REPORT_SECTION_TITLES.diary);
    for (const said of Object.values(DIARY_TEXTS)) expect(flat).not.toContain(said);
    expect(flat).toContain(REPORT_SECTION_TITLES.measures);
  });

  it('prints on US Letter when asked', async () => {
    const { facts } = await render(buildReport(), { paper: 'letter' });
    expect(facts.pageSize).toEqual({ width: 612, height: 792 });
  });

  it('says so when no runs, findings or questionnaire results are in the range', async () => {
    const report = buildReport({ sections: ['distribution', 'activities', 'measures'] });
    const { text } = await render({
      ...report,
      distribution: { ...report.distribution!, lowRuns: [] },
      activities: { better: [], worse: [], minDays: 5 },
      measures: [{ ...report.measures![0]!, results: [] }],
    });
    const flat = squeezeSpaces(text);
    expect(flat).toContain('No runs of three or more low days.');
    expect(flat).toContain(
      'No activity went with better days: a finding needs at least 5 days with the activity ' +
        'and 5 without.',
    );
    expect(flat).toContain('No activity went with worse days');
    expect(flat).toContain('No results in this range.');
  });

  it("draws a long table's header again on each page, for the eye only", async () => {
    const base = buildReport({ sections: ['measures'] });
    const phq9 = base.measures![0]!;
    const results = listDates('2026-01-01', '2026-05-31').map((date) => ({
      date,
      score: 6,
      band: 'Mild',
      selfHarmAnswer: null,
    }));
    const { text, structure, facts } = await render(
      { ...base, measures: [{ ...phq9, results }] },
      { withStructure: true },
    );
    expect(facts.pages).toBeGreaterThan(2);
    expect(text.match(/Date\s+Score\s+Band\s+Flag/g)).toHaveLength(facts.pages);
    expect(countElements(structure, 'TH')).toBe(4);
    expect(countElements(structure, 'TR')).toBe(results.length + 1);
  });

  it('renders five years (1,827 days, 61 months, 60 long diary entries) on numbered pages', async () => {
    const report = buildFiveYearReport();
    const { text, facts } = await render(report);
    const flat = squeezeSpaces(text);
    expect(facts.pages).toBeGreaterThan(20);
    expect(flat).toContain(`Page 1 of ${facts.pages}`);
    expect(flat).toContain(`Page ${facts.pages} of ${facts.pages}`);
    expect(flat).toContain('November 2021');
    expect(flat).toContain('November 2026');
    // Every Cyrillic and Greek word of every entry survives the page breaks inside entries.
    const entries = report.diary!.length;
    expect(text.match(/Кириллица/g)).toHaveLength(entries * 10);
    expect(text.match(/Ελληνικά/g)).toHaveLength(entries * 10);
  });
});
