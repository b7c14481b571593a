import type { Goal } from '@wellspring/shared';
import { PenLine } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  DialogBody,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogBodyProps,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { describeError } from '@/lib/error-messages';
import { formatLongLocalDate } from '@/lib/format';
import { NEEDS_NETWORK_REASON } from '@/lib/offline-text';
import { isDeviceOffline } from '@/lib/offline-writes';
import { useCreateBackfilledDiary } from '../api/create-diary';
import { EMPTY_DIARY_MESSAGE, useDiaryComposer } from '../hooks/use-diary-composer';
import { DiaryEditor } from './diary-editor';
import { PostDiaryPanel } from './post-diary-panel';

/**
 * diaryCreation: today's diary form in a dialog (from the dashboard), then the post-diary panel.
 * With a date, the entry of that missed past day instead (from the day view). It stays open on a
 * click outside, so nothing typed is lost by a stray click.
 */
export function DiaryCreationDialog({
  contextData,
  close,
  goal,
}: DialogBodyProps<'diaryCreation'> & { goal?: Goal | null }) {
  if (contextData?.date) return <BackfillDiaryForm date={contextData.date} close={close} />;
  return <TodayDiaryForm close={close} goal={goal} />;
}

/** Said when a missed day's entry is saved: it earns no points (decision 073). */
export const BACKFILLED_DIARY_SAVED = 'Added to your diary. Entries written later earn no points.';

/**
 * A missed day's entry: the text, kept on screen whatever happens until it is saved. It needs the
 * network (the offline queue holds today's entry only), and a refusal says why.
 */
function BackfillDiaryForm({ date, close }: { date: string; close: () => void }) {
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateBackfilledDiary(date);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!content.trim()) return setProblem(EMPTY_DIARY_MESSAGE);
    if (isDeviceOffline()) return setProblem(NEEDS_NETWORK_REASON);
    setProblem(null);
    create.mutate(content, {
      onSuccess: () => {
        toast.success(BACKFILLED_DIARY_SAVED);
        close();
      },
      onError: (error) => setProblem(describeError(error)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
      <DialogHeader>
        <DialogTitle>The diary of {formatLongLocalDate(date)}</DialogTitle>
        <p className="mt-1 text-sm text-ink-muted">Written later for a missed day.</p>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-3">
        <DiaryEditor value={content} onChange={setContent} showHint={false} />
        {problem && (
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
          >
            {problem}
          </p>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" isLoading={create.isPending}>
          <PenLine className="size-4" aria-hidden />
          Create
        </Button>
      </DialogFooter>
    </form>
  );
}

function TodayDiaryForm({ close, goal }: { close: () => void; goal?: Goal | null }) {
  const composer = useDiaryComposer();

  if (composer.saved) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Today's Diary</DialogTitle>
        </DialogHeader>
        <DialogBody>
          <PostDiaryPanel goal={goal} headingLevel={3} onLetsGo={close} />
        </DialogBody>
        <DialogFooter>
          <Button variant="ghost" onClick={close}>
            Close
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <form onSubmit={composer.submit} noValidate className="flex min-h-0 flex-col">
      <DialogHeader>
        <DialogTitle>Today's Diary</DialogTitle>
        {!composer.isLoading && (
          <p className="mt-1 text-sm text-ink-muted">{formatLongLocalDate(composer.today)}</p>
        )}
      </DialogHeader>
      <DialogBody>
        {composer.isLoading ? (
          <Spinner label="Loading your diary" className="mx-auto my-10 flex justify-center" />
        ) : (
          <DiaryEditor
            value={composer.todayDiary?.content ?? composer.content}
            onChange={composer.setContent}
            disabled={composer.isLocked}
            error={composer.emptyError}
            note={composer.lockedNote}
          />
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={close}>
          {composer.isLocked ? 'Close' : 'Cancel'}
        </Button>
        {!composer.isLocked && (
          <Button type="submit" isLoading={composer.isSaving} disabled={composer.isLoading}>
            <PenLine className="size-4" aria-hidden />
            Create
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}
