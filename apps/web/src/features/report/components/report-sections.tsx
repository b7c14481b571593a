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
  type ReportMeasure,
} from '@wellspring/shared';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ReportHeading, type HeadingLevel } from './report-heading';

/*
 * The report's sections after the calendar, each the body under its heading, in the words and
 * tables of the PDF (apps/api/src/modules/reports/report-pdf-sections.ts): the same answer, read
 * the same way on the screen, on paper and in the file.
 */

type Section<K extends keyof Report> = NonNullable<Report[K]>;

const NOTE = 'text-xs text-ink-muted';
const TABLE = 'w-full border-collapse text-left text-sm';
const TH = 'border-b border-line py-1.5 pr-3 text-xs font-medium text-ink-muted';
const TD = 'border-b border-line py-1.5 pr-3 align-top break-words';

function Table({
  caption,
  headers,
  rows,
  numeric = [],
}: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
  /** The columns of numbers, aligned right. */
  numeric?: number[];
}) {
  return (
    <table className={TABLE}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {headers.map((header, i) => (
            <th key={header} scope="col" className={cn(TH, numeric.includes(i) && 'text-right')}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, i) => (
              <td key={i} className={cn(TD, numeric.includes(i) && 'text-right tabular-nums')}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How many days had each mood, then the runs of low mood. */
export function DistributionSection({
  distribution,
  level,
}: {
  distribution: Section<'distribution'>;
  level: HeadingLevel;
}) {
  const { moods, daysWithMood, lowRuns } = distribution;
  return (
    <>
      <p>Days with a mood: {formatCount(daysWithMood)}.</p>
      <Table
        caption="Days with each mood"
        headers={['Mood', 'Days', 'Share of days with a mood']}
        numeric={[1, 2]}
        rows={moods.map((m) => [
          `${m.mood} (${MOOD_LETTERS[m.mood]})`,
          formatCount(m.days),
          formatShare(m.days, daysWithMood),
        ])}
      />
      <ReportHeading level={level} className="mt-2 text-[15px] font-semibold text-ink">
        Runs of low mood
      </ReportHeading>
      <p className={NOTE}>
        {LOW_RUN_MIN_DAYS} or more days in a row, each with a Sad or Depressed mood.
      </p>
      {lowRuns.length === 0 ? (
        <p>{REPORT_SENTENCES.noLowRuns}</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {lowRuns.map((run) => (
            <li key={run.from}>
              {formatDayRange(run.from, run.to)}: {countInWords(run.days, 'day')}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** How often the person checked in, then how many days had 1, 2, 3 … check-ins. */
export function CheckInsSection({ checkIns }: { checkIns: Section<'checkIns'> }) {
  const { total, daysWithCheckIns, meanPerDay, mostInADay, byCount } = checkIns;
  return (
    <>
      <dl className="grid grid-cols-[auto_auto] justify-start gap-x-3 gap-y-0.5">
        <dt>Check-ins in all:</dt>
        <dd className="tabular-nums">{formatCount(total)}</dd>
        <dt>Days with check-ins:</dt>
        <dd className="tabular-nums">{formatCount(daysWithCheckIns)}</dd>
        <dt>Mean per day with check-ins:</dt>
        <dd className="tabular-nums">{meanPerDay.toFixed(1)}</dd>
        <dt>Most in a day:</dt>
        <dd className="tabular-nums">{formatCount(mostInADay)}</dd>
      </dl>
      {byCount.length > 0 && (
        <Table
          caption="Days by their number of check-ins"
          headers={['Check-ins in a day', 'Days']}
          numeric={[1]}
          rows={byCount.map((c) => [formatCount(c.checkIns), formatCount(c.days)])}
        />
      )}
    </>
  );
}

/** The activities that went with better days and with worse ones, in the finding's words. */
export function ActivitiesSection({
  activities,
  level,
}: {
  activities: Section<'activities'>;
  level: HeadingLevel;
}) {
  const { better, worse, minDays } = activities;
  const lists = [
    { title: 'Went with better days', findings: better, which: 'better' },
    { title: 'Went with worse days', findings: worse, which: 'worse' },
  ] as const;
  return (
    <>
      {lists.map(({ title, findings, which }) => (
        <div key={which} className="flex flex-col gap-1">
          <ReportHeading level={level} className="text-[15px] font-semibold text-ink">
            {title}
          </ReportHeading>
          {findings.length === 0 ? (
            <p>{noFindingSentence(which, minDays)}</p>
          ) : (
            <ul className="flex list-disc flex-col gap-1 pl-5">
              {findings.map((finding) => (
                <li key={finding.name}>{finding.text}</li>
              ))}
            </ul>
          )}
        </div>
      ))}
      <p className={NOTE}>{REPORT_SENTENCES.findingsCaution}</p>
    </>
  );
}

function MeasureScores({ measure, level }: { measure: ReportMeasure; level: HeadingLevel }) {
  const flagged = measure.results.filter((r) => r.selfHarmAnswer !== null).length;
  return (
    <div className="flex flex-col gap-2">
      <ReportHeading level={level} className="text-[15px] font-semibold text-ink">
        {measure.name}
      </ReportHeading>
      <p>Score: {measure.scoreMeaning}.</p>
      <p>Bands: {bandsInWords(measure.bands)}.</p>
      {flagged > 0 && (
        <p className="font-semibold text-red-800">{flaggedResultsSentence(flagged)}</p>
      )}
      {measure.results.length === 0 ? (
        <p>{REPORT_SENTENCES.noResults}</p>
      ) : (
        <Table
          caption={`${measure.shortName} results, oldest first`}
          headers={['Date', 'Score', 'Band', 'Flag']}
          numeric={[1]}
          rows={measure.results.map((r) => [
            formatDay(r.date),
            `${r.score} of ${measure.maxScore}`,
            r.band,
            r.selfHarmAnswer === null ? (
              ''
            ) : (
              <strong className="text-red-800">{itemNineFlag(r.selfHarmAnswer)}</strong>
            ),
          ])}
        />
      )}
      <p className={NOTE}>{measure.credit}</p>
    </div>
  );
}

/** Each questionnaire: what its score means, its bands, its results, and its credit. */
export function MeasuresSection({
  measures,
  level,
}: {
  measures: Section<'measures'>;
  level: HeadingLevel;
}) {
  if (measures.length === 0) return <p>{REPORT_SENTENCES.noMeasures}</p>;
  return measures.map((measure) => (
    <MeasureScores key={measure.id} measure={measure} level={level} />
  ));
}

/** The diary entries the person chose, each under its date, in full. */
export function DiarySection({ diary, level }: { diary: Section<'diary'>; level: HeadingLevel }) {
  if (diary.length === 0) return <p>{REPORT_SENTENCES.noDiary}</p>;
  return diary.map((entry) => {
    const said = `${formatDay(entry.date)}, ${entry.mood ?? 'no mood'}`;
    return (
      <div key={entry.date} className="flex flex-col gap-1 break-inside-avoid">
        <ReportHeading level={level} className="text-[15px] font-semibold text-ink">
          {entry.isBackfilled ? `${said} (written later)` : said}
        </ReportHeading>
        <p className="whitespace-pre-wrap break-words">{entry.text}</p>
      </div>
    );
  });
}
