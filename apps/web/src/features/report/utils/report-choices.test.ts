import { REPORT_DEFAULT_SECTIONS, REPORT_DIARY_MAX } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { initialChoices, toReportRequest, type ReportChoices } from './report-choices';

const TODAY = '2026-03-30';
const choices = (change: Partial<ReportChoices> = {}) => ({ ...initialChoices(TODAY), ...change });

describe('the report’s request (decision 084)', () => {
  it('starts on the last 90 days ending today, without the diary, on A4', () => {
    expect(toReportRequest(choices(), TODAY)).toEqual({
      request: { from: '2025-12-31', to: TODAY, sections: REPORT_DEFAULT_SECTIONS, paper: 'a4' },
      problem: null,
    });
  });

  it('sends the sections in the report’s order, and the chosen entries of the range only', () => {
    const diary = new Map([
      ['b0000000-0000-4000-8000-000000000002', '2026-03-20'],
      ['a0000000-0000-4000-8000-000000000001', '2026-03-02'],
      ['c0000000-0000-4000-8000-000000000003', '2026-02-01'],
    ]);
    const { request } = toReportRequest(
      choices({ range: '30', sections: ['diary', 'calendar'], diary }),
      TODAY,
    );
    expect(request).toEqual({
      from: '2026-03-01',
      to: TODAY,
      sections: ['calendar', 'diary'],
      paper: 'a4',
      diaryEntryIds: [
        'a0000000-0000-4000-8000-000000000001',
        'b0000000-0000-4000-8000-000000000002',
      ],
    });
  });

  it.each([
    [{ range: 'custom', from: '', to: TODAY }, 'Choose the first and the last day of the report.'],
    [
      { range: 'custom', from: '2026-03-02', to: '2026-03-01' },
      'The report range starts after it ends.',
    ],
    [
      { range: 'custom', from: '2026-03-01', to: '2026-03-31' },
      'The report range ends after today.',
    ],
    [
      { range: 'custom', from: '2021-03-29', to: TODAY },
      'A report covers at most 1,827 days (five years).',
    ],
    [{ sections: [] }, 'Choose at least one section for the report.'],
    [
      { sections: ['diary'] },
      'Choose the diary entries to quote, or leave out the diary excerpts.',
    ],
  ] as const)('says what stops %j', (change, problem) => {
    expect(toReportRequest(choices(change as Partial<ReportChoices>), TODAY)).toEqual({
      request: null,
      problem,
    });
  });

  it('takes five years to the day, and no more diary entries than a report quotes', () => {
    expect(
      toReportRequest(choices({ range: 'custom', from: '2021-03-30', to: TODAY }), TODAY).problem,
    ).toBeNull();
    const many = new Map(
      Array.from({ length: REPORT_DIARY_MAX + 1 }, (_, i) => [`id-${i}`, '2026-03-10'] as const),
    );
    expect(toReportRequest(choices({ sections: ['diary'], diary: many }), TODAY).problem).toBe(
      `A report quotes at most ${REPORT_DIARY_MAX} diary entries.`,
    );
  });
});
