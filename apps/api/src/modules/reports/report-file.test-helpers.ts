/*
 * Reports to render in the PDF and CSV tests, built as the service would answer them: every
 * section, the figures consistent with the calendar, and the cases the files must show (a run
 * of low mood, a PHQ-9 with item 9 flagged, diary text in Latin with accents, Cyrillic and Greek).
 */
import {
  listDates,
  lowMoodRuns,
  MEASURES,
  MOODS,
  NOT_A_DIAGNOSIS,
  REPORT_SECTIONS,
  reportDays,
  type ChosenMood,
  type Report,
  type ReportDay,
  type ReportMeasure,
} from '@wellspring/shared';

/** A mood a day, never two low days in a row, and a day without any every eleventh day. */
const PATTERN: readonly ChosenMood[] = ['Happy', 'Neutral', 'Ecstatic', 'Happy', 'Sad', 'Neutral'];
/** The low run every 90-day report shows: 3 to 5 October 2026. */
export const LOW_RUN = { from: '2026-10-03', to: '2026-10-05', days: 3 } as const;
const LOW_RUN_MOODS: Record<string, ChosenMood> = {
  '2026-10-03': 'Sad',
  '2026-10-04': 'Depressed',
  '2026-10-05': 'Sad',
};

function buildCalendar(from: string, to: string): ReportDay[] {
  return listDates(from, to).flatMap((date, i): ReportDay[] => {
    if (i % 11 === 10 && !(date in LOW_RUN_MOODS)) return [];
    return [
      {
        date,
        mood: LOW_RUN_MOODS[date] ?? PATTERN[i % PATTERN.length]!,
        checkIns: 1 + (i % 3),
        diary: i % 7 === 0,
      },
    ];
  });
}

function measureOf(id: 'phq9' | 'who5', results: ReportMeasure['results']): ReportMeasure {
  const m = MEASURES[id];
  return {
    id,
    shortName: m.shortName,
    name: m.name,
    scoreMeaning: m.scoreMeaning,
    maxScore: m.maxScore,
    bands: [...m.bands],
    credit: m.credit,
    results,
  };
}

export const DIARY_TEXTS = {
  latin: 'Café with Zoë after work; the crème brûlée helped. "Better", I said, and meant it.',
  cyrillic: 'Сегодня было тяжело, но вечером стало легче.',
  greek: 'Καλημέρα κόσμε, σήμερα ήταν μια καλή μέρα.',
} as const;

/** A report of `from` to `to` with every section; `overrides` replace whole fields. */
export function buildReport(overrides: Partial<Report> = {}): Report {
  const from = overrides.from ?? '2026-09-01';
  const to = overrides.to ?? '2026-11-29';
  const calendar = buildCalendar(from, to);
  const withMood = calendar.filter((d) => d.mood !== null);
  const counts = new Map<number, number>();
  for (const d of calendar) counts.set(d.checkIns, (counts.get(d.checkIns) ?? 0) + 1);
  const total = calendar.reduce((sum, d) => sum + d.checkIns, 0);
  return {
    from,
    to,
    days: reportDays(from, to),
    timeZone: 'Europe/London',
    generatedAt: '2026-11-30T09:15:00.000Z',
    sections: [...REPORT_SECTIONS],
    notADiagnosis: NOT_A_DIAGNOSIS,
    calendar,
    distribution: {
      moods: MOODS.map((mood) => ({ mood, days: withMood.filter((d) => d.mood === mood).length })),
      daysWithMood: withMood.length,
      lowRuns: lowMoodRuns(calendar),
    },
    checkIns: {
      total,
      daysWithCheckIns: calendar.length,
      meanPerDay: Math.round((total / calendar.length) * 10) / 10,
      mostInADay: Math.max(...counts.keys()),
      byCount: [...counts]
        .sort(([a], [b]) => a - b)
        .map(([checkIns, days]) => ({ checkIns, days })),
    },
    activities: {
      better: [
        {
          name: 'Walk',
          meanWith: 3.9,
          meanWithout: 3.2,
          daysWith: 31,
          daysWithout: 47,
          margin: 0.3,
          text: 'Days with Walk went together with a better mood (3.9 against 3.2).',
        },
      ],
      worse: [
        {
          name: 'Late night, screens',
          meanWith: 2.8,
          meanWithout: 3.6,
          daysWith: 12,
          daysWithout: 66,
          margin: 0.4,
          text: 'Days with Late night, screens went together with a lower mood (2.8 against 3.6).',
        },
      ],
      minDays: 5,
    },
    measures: [
      measureOf('phq9', [
        { date: '2026-09-14', score: 8, band: 'Mild', selfHarmAnswer: null },
        {
          date: '2026-10-06',
          score: 16,
          band: 'Moderately severe',
          selfHarmAnswer: 'Several days',
        },
      ]),
      measureOf('who5', [
        { date: '2026-10-20', score: 44, band: 'Low well-being', selfHarmAnswer: null },
      ]),
    ],
    diary: [
      { date: '2026-09-12', mood: 'Happy', isBackfilled: false, text: DIARY_TEXTS.latin },
      { date: '2026-10-04', mood: 'Depressed', isBackfilled: true, text: DIARY_TEXTS.cyrillic },
      { date: '2026-11-02', mood: null, isBackfilled: false, text: DIARY_TEXTS.greek },
    ],
    ...overrides,
  };
}

/** The longest report: five years (1,827 days, 61 months), every section, 60 diary entries. */
export function buildFiveYearReport(): Report {
  const report = buildReport({ from: '2021-11-29', to: '2026-11-29' });
  const paragraph =
    'A long day, written out at length so the entry runs over several lines and, with the ' +
    'others, over several pages. Ünïcödé, Кириллица and Ελληνικά all in one paragraph. ';
  const diary = listDates('2022-01-10', '2026-11-01')
    .filter((_, i) => i % 30 === 0)
    .slice(0, 60)
    .map((date, i) => ({
      date,
      mood: MOODS[i % MOODS.length]!,
      isBackfilled: i % 4 === 0,
      text: `${paragraph.repeat(6)}\n\n${paragraph.repeat(4)}`,
    }));
  return { ...report, diary };
}
