import {
  countInWords,
  formatDay,
  formatDayRange,
  REPORT_SECTION_TITLES,
  toLocalDate,
  type Report,
  type ReportSection,
} from '@wellspring/shared';
import type { Ref } from 'react';
import { cn } from '@/lib/cn';
import { ReportCalendar } from './report-calendar';
import { ReportHeading } from './report-heading';
import {
  ActivitiesSection,
  CheckInsSection,
  DiarySection,
  DistributionSection,
  MeasuresSection,
} from './report-sections';

/** The class the print style keeps: only the report is printed (index.css). */
export const PRINTED_CLASS = 'print-report';

function SectionBody({
  report,
  section,
  level,
}: {
  report: Report;
  section: ReportSection;
  level: 3 | 4;
}) {
  switch (section) {
    case 'calendar':
      return (
        report.calendar && (
          <ReportCalendar range={report} calendar={report.calendar} level={level} />
        )
      );
    case 'distribution':
      return (
        report.distribution && (
          <DistributionSection distribution={report.distribution} level={level} />
        )
      );
    case 'checkIns':
      return report.checkIns && <CheckInsSection checkIns={report.checkIns} />;
    case 'activities':
      return (
        report.activities && <ActivitiesSection activities={report.activities} level={level} />
      );
    case 'measures':
      return report.measures && <MeasuresSection measures={report.measures} level={level} />;
    case 'diary':
      return report.diary && <DiarySection diary={report.diary} level={level} />;
  }
}

/**
 * The report a person hands to a clinician (decision 084), every section of the answer under the
 * headings the PDF uses, in its order: the same content on the screen, on paper and as a file.
 * A section the answer leaves out (null) is not shown. `level` is the title's heading level.
 */
export function ReportView({
  report,
  level = 2,
  titleRef,
  className,
}: {
  report: Report;
  level?: 1 | 2;
  /** The title, to take the focus when the preview arrives. */
  titleRef?: Ref<HTMLHeadingElement>;
  className?: string;
}) {
  const sectionLevel = (level + 1) as 2 | 3;
  const partLevel = (level + 2) as 3 | 4;
  const shown = report.sections.filter((section) => report[section] !== null);
  return (
    <article
      aria-labelledby="report-title"
      className={cn(
        PRINTED_CLASS,
        'flex min-w-0 flex-col gap-6 rounded-2xl border border-line bg-card p-4 text-[15px] text-ink shadow-card sm:p-6',
        className,
      )}
    >
      <header className="flex flex-col gap-1">
        <ReportHeading
          level={level}
          id="report-title"
          ref={titleRef}
          tabIndex={-1}
          className="text-xl font-bold tracking-tight text-ink outline-none sm:text-2xl"
        >
          Wellspring report
        </ReportHeading>
        <p className="text-base">
          {formatDayRange(report.from, report.to)}, {countInWords(report.days, 'day')}
        </p>
        <p className="text-sm text-ink-soft">Time zone: {report.timeZone}</p>
        <p className="text-sm text-ink-soft">
          Generated on {formatDay(toLocalDate(new Date(report.generatedAt), report.timeZone))}
        </p>
        <p className="mt-2 rounded-xl bg-surface px-4 py-3 font-semibold">{report.notADiagnosis}</p>
      </header>
      {shown.map((section) => (
        <section
          key={section}
          aria-labelledby={`report-section-${section}`}
          className="flex flex-col gap-3"
        >
          <ReportHeading
            level={sectionLevel}
            id={`report-section-${section}`}
            className="border-b border-line pb-1 text-lg font-semibold text-ink"
          >
            {REPORT_SECTION_TITLES[section]}
          </ReportHeading>
          <SectionBody report={report} section={section} level={partLevel} />
        </section>
      ))}
    </article>
  );
}
