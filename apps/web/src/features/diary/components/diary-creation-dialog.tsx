import type { Goal } from '@wellspring/shared';
import { PenLine } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DialogBody,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogBodyProps,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatLongLocalDate } from '@/lib/format';
import { useDiaryComposer } from '../hooks/use-diary-composer';
import { DiaryEditor } from './diary-editor';
import { PostDiaryPanel } from './post-diary-panel';

/**
 * diaryCreation: today's diary form in a dialog (from the dashboard), then the post-diary panel.
 * It stays open on a click outside, so nothing typed is lost by a stray click.
 */
export function DiaryCreationDialog({
  close,
  goal,
}: DialogBodyProps<'diaryCreation'> & { goal?: Goal | null }) {
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
