import { FileText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { FeelingsByMonth } from '@/features/insights/components/feelings-by-month';
import { FindingsList } from '@/features/insights/components/findings-list';
import { MoodCalendar } from '@/features/insights/components/mood-calendar';
import { MoodTrends } from '@/features/insights/components/mood-trends';
import { clampDate } from '@/features/insights/utils/calendar';
import { ScoresOverTime } from '@/features/measures/components/scores-over-time';
import { useUser } from '@/lib/auth';
import { getTodayIn } from '@/lib/format';

/**
 * /app/insights (decision 036): the mood calendar, mood trends, what went together, the
 * feeling words by month (decision 076), the questionnaires' scores over time (083) and the way
 * to a report for a clinician (084).
 */
export function InsightsPage() {
  const { data: user } = useUser();
  // "Today" in the user's time zone, as the API counts days (decision 035).
  const today = getTodayIn(user?.timeZone);
  // ?day=YYYY-MM-DD opens that day's view (from a diary entry or "On this day").
  const asked = useSearchParams()[0].get('day');
  const initialDay = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? clampDate(asked, today) : null;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Insights</h1>
      <MoodCalendar key={`${today}-${initialDay}`} today={today} initialDay={initialDay} />
      <MoodTrends />
      <FindingsList />
      <FeelingsByMonth key={`feelings-${today}`} today={today} />
      <ScoresOverTime />
      {/* The same scores, the calendar and more, on paper or through a link (decision 084). */}
      <Link
        to="/app/report"
        className={buttonClasses({ variant: 'secondary', className: 'self-start' })}
      >
        <FileText className="size-4" aria-hidden />
        Make a report for your clinician
      </Link>
    </div>
  );
}
