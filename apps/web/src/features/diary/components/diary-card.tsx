import { ArrowRight, Flame, PenLine } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useTodayDiary } from '../hooks/use-today-diary';
import { DiaryMood } from './diary-mood';

/** The dashboard's diary: today's entry, or a prompt to write it (in the diaryCreation dialog). */
export function DiaryCard({ className }: { className?: string }) {
  const titleId = useId();
  const { open, preload } = useDialog();
  // The dialog's body (the diary form, then the post-diary panel) comes on the way to the button,
  // not with the dashboard (decision 060).
  const preloadDialog = () => preload('diaryCreation');
  const { user, todayDiary, isLoading } = useTodayDiary();
  const streak = user?.diaryStreak ?? 0;

  return (
    <section
      aria-labelledby={titleId}
      className={cn('flex flex-col gap-4 rounded-2xl bg-card p-5 shadow-card sm:p-6', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          Today's Diary
        </h2>
        {user && (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-[#FDF0E3] px-3 py-1 text-sm font-semibold text-[#8A3A06]">
            <Flame className="size-4" aria-hidden />
            {streak} day streak
          </p>
        )}
      </div>
      {isLoading ? (
        <Spinner label="Loading your diary" className="mx-auto my-6" />
      ) : todayDiary ? (
        <>
          <DiaryMood mood={todayDiary.mood} />
          <p className="line-clamp-4 text-[15px] lg:line-clamp-6 leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line text-ink-soft">
            {todayDiary.content}
          </p>
          <Link
            to={paths.app.diary}
            className="mt-auto inline-flex w-fit items-center gap-1 rounded-lg text-sm font-semibold text-brand-violet hover:underline"
          >
            Open My Diary
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-[15px] leading-relaxed text-ink-soft">
            You haven't written today's diary yet. A few honest lines are enough.
          </p>
          <Button
            onClick={() => open('diaryCreation')}
            onPointerEnter={preloadDialog}
            onPointerDown={preloadDialog}
            onFocus={preloadDialog}
            size="sm"
          >
            <PenLine className="size-4" aria-hidden />
            Write Diary
          </Button>
        </div>
      )}
    </section>
  );
}
