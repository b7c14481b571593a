import { getCompletionPercent, type Goal } from '@wellspring/shared';
import { Target } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

const RADIUS = 80;
const STROKE = 18;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A ring that fills with the goal's completion percent. */
function ProgressRing({ percent, labelledBy }: { percent: number; labelledBy: string }) {
  const gradientId = useId();
  const shown = Math.min(Math.max(percent, 0), 100);
  const size = (RADIUS + STROKE) * 2;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={shown}
      aria-labelledby={labelledBy}
      className="relative mx-auto size-44 sm:size-48"
    >
      <svg viewBox={`0 0 ${size} ${size}`} className="size-full -rotate-90" aria-hidden>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#5B4BDB" />
            <stop offset="1" stopColor="#9B51E0" />
          </linearGradient>
        </defs>
        <circle
          cx={size / 2}
          cy={size / 2}
          r={RADIUS}
          fill="none"
          stroke="#EEEAF8"
          strokeWidth={STROKE}
        />
        {shown > 0 && (
          <circle
            cx={size / 2}
            cy={size / 2}
            r={RADIUS}
            fill="none"
            stroke={`url(#${gradientId})`}
            strokeWidth={STROKE}
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - shown / 100)}
            className="transition-[stroke-dashoffset] duration-700 motion-reduce:transition-none"
          />
        )}
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-4xl font-bold tracking-tight text-ink">{shown}%</span>
        <span className="text-sm text-ink-muted">completed</span>
      </div>
    </div>
  );
}

/** The dashboard's wellness points: the goal's target, the points earned and the percent done. */
export function WellnessPointsCard({
  goal,
  isLoading,
  className,
}: {
  goal: Goal | null | undefined;
  isLoading: boolean;
  className?: string;
}) {
  const titleId = useId();
  const percent = goal ? (getCompletionPercent(goal.earned, goal.target) ?? 0) : 0;

  return (
    <section
      aria-labelledby={titleId}
      className={`flex flex-col gap-5 rounded-2xl bg-card p-5 shadow-card sm:p-6 ${className ?? ''}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          Wellness Points
        </h2>
        {goal && (
          <span className="rounded-full bg-surface px-3 py-1 text-xs font-semibold text-brand-violet">
            {goal.status === 'Completed' ? 'Completed' : 'On Progress'}
          </span>
        )}
      </div>
      {isLoading ? (
        <Spinner label="Loading your goal" className="mx-auto my-10" />
      ) : goal ? (
        <>
          <ProgressRing percent={percent} labelledBy={titleId} />
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-xl bg-surface p-4">
              <dt className="text-sm text-ink-soft">Earned</dt>
              <dd className="mt-1 text-xl font-bold tracking-tight text-ink sm:text-2xl">
                <FormattedNumber value={goal.earned} />
              </dd>
            </div>
            <div className="rounded-xl bg-[#FDF0E3] p-4">
              <dt className="text-sm text-[#6B3A10]">Target</dt>
              <dd className="mt-1 text-xl font-bold tracking-tight text-ink sm:text-2xl">
                <FormattedNumber value={goal.target} />
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-surface text-brand-violet">
            <Target className="size-6" aria-hidden />
          </span>
          <p className="text-[15px] text-ink-soft">
            No goal in progress yet. Completing tasks earns wellness points toward one.
          </p>
          <Link to={paths.app.task.root} className={buttonClasses({ size: 'sm' })}>
            Go to Tasks
          </Link>
        </div>
      )}
    </section>
  );
}
