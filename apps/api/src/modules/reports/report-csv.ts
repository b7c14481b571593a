/*
 * The clinician's report as CSV (decision 084): the numbers of the PDF, for a spreadsheet.
 *
 * The layout: one block a table, blocks in the report's order and only for the sections chosen,
 * a blank line between two blocks. Each block opens with its header row, whose first field is
 * `section`; every row under it names the block in that first field, so a block can be picked
 * out with a filter on column A, and the header says what each column holds:
 *
 *   section,from,to,days,time_zone,generated_at,note             the report: one row
 *   section,date,mood,check_ins,diary                             calendar: a row a day
 *   section,mood,days,percent                                     distribution: a row a mood
 *   section,from,to,days                                          low_run: a row a run
 *   section,total,days_with_check_ins,mean_per_day,most_in_a_day  check_ins: one row
 *   section,check_ins,days                                        check_ins_by_count
 *   section,direction,name,mean_with,mean_without,days_with,days_without,margin
 *                                                                 activity: better, then worse
 *   section,measure_id,date,score,band,item9_answer               measure: a row a result
 *   section,date,mood,written_later,text                          diary: a row an entry
 *
 * Dates are ISO (2026-09-01), an empty field is "none", yes/no are words. Fields are quoted as
 * RFC 4180 asks and text a spreadsheet would run as a formula is defused, by account/csv.ts,
 * the same as the account export.
 */
import { percentOf, type Report, type ReportSection } from '@wellspring/shared';
import { toCsvRow } from '../account/csv';

type Cell = string | number | null;
type Block = readonly (readonly Cell[])[];

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** Each chosen section's blocks: a header row, then the rows. */
function blocksOf(report: Report, section: ReportSection): Block[] {
  switch (section) {
    case 'calendar':
      return report.calendar === null
        ? []
        : [
            [
              ['section', 'date', 'mood', 'check_ins', 'diary'],
              ...report.calendar.map((d) => [
                'calendar',
                d.date,
                d.mood,
                d.checkIns,
                yesNo(d.diary),
              ]),
            ],
          ];
    case 'distribution': {
      if (report.distribution === null) return [];
      const { moods, daysWithMood, lowRuns } = report.distribution;
      return [
        [
          ['section', 'mood', 'days', 'percent'],
          ...moods.map((m) => ['distribution', m.mood, m.days, percentOf(m.days, daysWithMood)]),
        ],
        [
          ['section', 'from', 'to', 'days'],
          ...lowRuns.map((r) => ['low_run', r.from, r.to, r.days]),
        ],
      ];
    }
    case 'checkIns': {
      if (report.checkIns === null) return [];
      const c = report.checkIns;
      return [
        [
          ['section', 'total', 'days_with_check_ins', 'mean_per_day', 'most_in_a_day'],
          ['check_ins', c.total, c.daysWithCheckIns, c.meanPerDay, c.mostInADay],
        ],
        [
          ['section', 'check_ins', 'days'],
          ...c.byCount.map((b) => ['check_ins_by_count', b.checkIns, b.days]),
        ],
      ];
    }
    case 'activities': {
      if (report.activities === null) return [];
      const { better, worse } = report.activities;
      const rows = (direction: string, findings: typeof better) =>
        findings.map((f) => [
          'activity',
          direction,
          f.name,
          f.meanWith,
          f.meanWithout,
          f.daysWith,
          f.daysWithout,
          f.margin,
        ]);
      return [
        [
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
          ...rows('better', better),
          ...rows('worse', worse),
        ],
      ];
    }
    case 'measures':
      return report.measures === null
        ? []
        : [
            [
              ['section', 'measure_id', 'date', 'score', 'band', 'item9_answer'],
              ...report.measures.flatMap((m) =>
                m.results.map((r) => ['measure', m.id, r.date, r.score, r.band, r.selfHarmAnswer]),
              ),
            ],
          ];
    case 'diary':
      return report.diary === null
        ? []
        : [
            [
              ['section', 'date', 'mood', 'written_later', 'text'],
              ...report.diary.map((e) => ['diary', e.date, e.mood, yesNo(e.isBackfilled), e.text]),
            ],
          ];
  }
}

/** The report as one CSV text, CRLF line ends, the blocks described at the top of this file. */
export function reportCsv(report: Report): string {
  const head: Block = [
    ['section', 'from', 'to', 'days', 'time_zone', 'generated_at', 'note'],
    [
      'report',
      report.from,
      report.to,
      report.days,
      report.timeZone,
      report.generatedAt,
      report.notADiagnosis,
    ],
  ];
  const blocks = [head, ...report.sections.flatMap((s) => blocksOf(report, s))];
  return blocks.map((block) => block.map(toCsvRow).join('')).join('\r\n');
}
