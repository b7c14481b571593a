import type { Goal } from '@wellspring/shared';
import { PenLine } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatLongLocalDate } from '@/lib/format';
import type { useDiaryComposer } from '../hooks/use-diary-composer';
import { DiaryEditor } from './diary-editor';
import { PostDiaryPanel } from './post-diary-panel';

type Composer = ReturnType<typeof useDiaryComposer>;

/** The diary screen's create form, and the post-diary panel once today's entry is saved. */
export function DiaryComposer({
  composer,
  goal,
}: {
  composer: Composer;
  goal: Goal | null | undefined;
}) {
  if (composer.saved) return <PostDiaryPanel goal={goal} />;
  if (composer.isLoading) {
    // As tall as the form (30 rem, from 360 px up): on a phone the streak and the past diaries sit
    // below it and would move down when it replaces the spinner.
    return (
      <div className="flex min-h-[30rem] items-center justify-center">
        <Spinner label="Loading your diary" />
      </div>
    );
  }
  const todayContent = composer.todayDiary?.content;

  return (
    <form onSubmit={composer.submit} noValidate className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-ink-muted">{formatLongLocalDate(composer.today)}</p>
        <h2 className="text-2xl font-bold tracking-tight text-ink">Today's Diary</h2>
      </div>
      <DiaryEditor
        value={todayContent ?? composer.content}
        onChange={composer.setContent}
        disabled={composer.isLocked}
        error={composer.emptyError}
        note={composer.lockedNote}
        rows={10}
        showHint={false}
      />
      {!composer.isLocked && (
        <div className="flex justify-end">
          <Button type="submit" isLoading={composer.isSaving} className="w-full sm:w-auto">
            <PenLine className="size-4" aria-hidden />
            Create
          </Button>
        </div>
      )}
    </form>
  );
}
