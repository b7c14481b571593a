import { ReportBuilder } from '@/features/report/components/report-builder';
import { useUser } from '@/lib/auth';
import { getTodayIn } from '@/lib/format';

/** /app/report (decision 084): a report to hand to a clinician, its files and its links. */
export function ReportPage() {
  const { data: user } = useUser();
  // "Today" in the user's time zone, as the API counts the report's days.
  const today = getTodayIn(user?.timeZone);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex max-w-3xl flex-col gap-2 print:hidden">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          A report for your clinician
        </h1>
        <p className="text-[15px] leading-relaxed text-ink-soft">
          Your moods, check-ins, activities and questionnaire scores over a range of days, to print,
          to download, or to share through a link. You choose what it shows; the diary stays out
          unless you pick entries.
        </p>
      </div>
      <ReportBuilder key={today} today={today} />
    </div>
  );
}
