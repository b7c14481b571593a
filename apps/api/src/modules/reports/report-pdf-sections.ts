/*
 * The PDF's sections after the calendar, each the body under its heading: the words and tables
 * a clinician reads. The figures come as the report gives them; only their wording is here.
 */
import {
  bandsInWords,
  countInWords,
  flaggedResultsSentence,
  formatCount,
  formatDay,
  formatDayRange,
  formatShare,
  itemNineFlag,
  LOW_RUN_MIN_DAYS,
  MOOD_LETTERS,
  noFindingSentence,
  REPORT_SENTENCES,
  type Report,
} from '@wellspring/shared';
import { ALERT, MUTED, type PdfWriter, type Struct, type TableCell } from './pdf-writer';

type Section<K extends keyof Report> = NonNullable<Report[K]>;

const NOTE = { size: 9, color: MUTED } as const;

/** How many days had each mood, then the runs of low mood. */
export async function writeDistribution(
  w: PdfWriter,
  sect: Struct,
  distribution: Section<'distribution'>,
): Promise<void> {
  const { moods, daysWithMood, lowRuns } = distribution;
  w.paragraph(sect, `Days with a mood: ${formatCount(daysWithMood)}.`);
  await w.table(
    sect,
    [
      { header: 'Mood', share: 0.4 },
      { header: 'Days', share: 0.3, align: 'right' },
      { header: 'Share of days with a mood', share: 0.3, align: 'right' },
    ],
    moods.map((m) => [
      { text: `${m.mood} (${MOOD_LETTERS[m.mood]})` },
      { text: formatCount(m.days) },
      { text: formatShare(m.days, daysWithMood) },
    ]),
  );
  w.heading(sect, 'H3', 'Runs of low mood', 20);
  w.paragraph(
    sect,
    `${LOW_RUN_MIN_DAYS} or more days in a row, each with a Sad or Depressed mood.`,
    NOTE,
  );
  if (lowRuns.length === 0) {
    w.paragraph(sect, REPORT_SENTENCES.noLowRuns);
    return;
  }
  for (const run of lowRuns) {
    w.paragraph(
      sect,
      `${formatDayRange(run.from, run.to)}: ${countInWords(run.days, 'day')}`,
      {},
      2,
    );
    await w.breathe();
  }
}

/** How often the person checked in, then how many days had 1, 2, 3 … check-ins. */
export async function writeCheckIns(
  w: PdfWriter,
  sect: Struct,
  checkIns: Section<'checkIns'>,
): Promise<void> {
  const { total, daysWithCheckIns, meanPerDay, mostInADay, byCount } = checkIns;
  w.paragraph(sect, `Check-ins in all: ${formatCount(total)}`, {}, 2);
  w.paragraph(sect, `Days with check-ins: ${formatCount(daysWithCheckIns)}`, {}, 2);
  w.paragraph(sect, `Mean per day with check-ins: ${meanPerDay.toFixed(1)}`, {}, 2);
  w.paragraph(sect, `Most in a day: ${formatCount(mostInADay)}`);
  if (byCount.length === 0) return;
  await w.table(
    sect,
    [
      { header: 'Check-ins in a day', share: 0.5 },
      { header: 'Days', share: 0.5, align: 'right' },
    ],
    byCount.map((c) => [{ text: formatCount(c.checkIns) }, { text: formatCount(c.days) }]),
  );
}

/** The activities that went with better days and with worse ones, in the finding's words. */
export function writeActivities(
  w: PdfWriter,
  sect: Struct,
  activities: Section<'activities'>,
): void {
  const { better, worse, minDays } = activities;
  const lists = [
    { title: 'Went with better days', findings: better, which: 'better' },
    { title: 'Went with worse days', findings: worse, which: 'worse' },
  ] as const;
  for (const { title, findings, which } of lists) {
    w.heading(sect, 'H3', title, 20);
    if (findings.length === 0) w.paragraph(sect, noFindingSentence(which, minDays));
    for (const finding of findings) w.paragraph(sect, finding.text);
  }
  w.paragraph(sect, REPORT_SENTENCES.findingsCaution, NOTE);
}

/** Each questionnaire: what its score means, its bands, its results, and its credit. */
export async function writeMeasures(
  w: PdfWriter,
  sect: Struct,
  measures: Section<'measures'>,
): Promise<void> {
  if (measures.length === 0) w.paragraph(sect, REPORT_SENTENCES.noMeasures);
  for (const measure of measures) {
    w.heading(sect, 'H3', measure.name);
    w.paragraph(sect, `Score: ${measure.scoreMeaning}.`, {}, 2);
    w.paragraph(sect, `Bands: ${bandsInWords(measure.bands)}.`);
    const flagged = measure.results.filter((r) => r.selfHarmAnswer !== null).length;
    if (flagged > 0) {
      w.paragraph(sect, flaggedResultsSentence(flagged), { weight: 'bold', color: ALERT });
    }
    if (measure.results.length === 0) {
      w.paragraph(sect, REPORT_SENTENCES.noResults);
    } else {
      await w.table(
        sect,
        [
          { header: 'Date', share: 0.25 },
          { header: 'Score', share: 0.12, align: 'right' },
          { header: 'Band', share: 0.23 },
          { header: 'Flag', share: 0.4 },
        ],
        measure.results.map((r): TableCell[] => [
          { text: formatDay(r.date) },
          { text: `${r.score} of ${measure.maxScore}` },
          { text: r.band },
          r.selfHarmAnswer === null
            ? { text: '' }
            : { text: itemNineFlag(r.selfHarmAnswer), weight: 'bold', color: ALERT },
        ]),
      );
    }
    w.paragraph(sect, measure.credit, { size: 8, color: MUTED });
  }
}

/** The diary entries the person chose, each under its date, in full. */
export async function writeDiary(
  w: PdfWriter,
  sect: Struct,
  diary: Section<'diary'>,
): Promise<void> {
  if (diary.length === 0) w.paragraph(sect, REPORT_SENTENCES.noDiary);
  for (const entry of diary) {
    const said = [formatDay(entry.date), entry.mood ?? 'no mood'].join(', ');
    w.heading(sect, 'H3', entry.isBackfilled ? `${said} (written later)` : said, 30);
    for (const line of entry.text.split(/\r?\n/)) {
      if (line.trim() === '') w.moveDown(4);
      else w.paragraph(sect, line, {}, 2);
    }
    await w.breathe();
  }
}
