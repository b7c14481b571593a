import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useUser } from '@/lib/auth';
import { getTodayIn } from '@/lib/format';
import { dismissWrite } from '@/lib/offline-queue';
import type { PendingWrite } from '@/lib/offline-write';

/** A diary written offline for a day that already has one, told kindly (decision 042). */
export const DIARY_REFUSED_TITLE = 'Today already has a diary entry';
/** The same for an entry written before midnight and sent after it (decision 057). */
export const EARLIER_DIARY_REFUSED_TITLE = 'That day already has a diary entry';
export const DIARY_REFUSED_TEXT =
  'The entry you wrote offline could not be added, so nothing of it is lost: here it is to copy.';
export const WRITE_REFUSED_TITLE = 'A change made offline could not be saved';

/**
 * A write made offline that the server refused (decision 042), shown until dismissed: a diary
 * with its text to copy. Loaded only when there is one.
 */
export default function RefusedWrite({ write }: { write: PendingWrite }) {
  const titleId = useId();
  const [isCopied, setIsCopied] = useState(false);
  const isDiary = write.kind === 'diary';
  const isAlreadyWritten = isDiary && write.refused?.code === 'DIARY_ALREADY_WRITTEN';
  const { data: user } = useUser();
  const isForToday = isDiary && write.day === getTodayIn(user?.timeZone);
  const copy = async () => {
    if (!isDiary) return;
    try {
      await navigator.clipboard.writeText(write.content);
      setIsCopied(true);
    } catch {
      // No clipboard: the text stays selectable below.
    }
  };
  return (
    <section
      role="region"
      aria-labelledby={titleId}
      data-testid="refused-write"
      className="fixed inset-x-3 bottom-[calc(var(--menu-strip-room)+0.75rem)] z-50 mx-auto flex max-w-lg flex-col gap-3 rounded-2xl border border-line bg-card p-4 shadow-dialog"
    >
      <h2 id={titleId} className="text-base font-semibold text-ink">
        {isAlreadyWritten
          ? isForToday
            ? DIARY_REFUSED_TITLE
            : EARLIER_DIARY_REFUSED_TITLE
          : WRITE_REFUSED_TITLE}
      </h2>
      {isDiary ? (
        <>
          <p className="text-sm text-ink-soft">
            {isAlreadyWritten
              ? DIARY_REFUSED_TEXT
              : 'Your diary entry was not accepted. Here is its text to copy.'}
          </p>
          <textarea
            readOnly
            value={write.content}
            aria-label="The diary entry you wrote offline"
            rows={4}
            className="w-full rounded-xl border border-line bg-surface p-3 text-sm text-ink"
          />
        </>
      ) : (
        <p className="text-sm text-ink-soft">
          {write.kind === 'mood'
            ? `Your mood (${write.mood}) was not accepted. Please set it again.`
            : `Your check-in (${write.body.mood}) was not accepted. Please add it again.`}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {isDiary && (
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            {isCopied ? 'Copied' : 'Copy text'}
          </Button>
        )}
        <Button size="sm" onClick={() => void dismissWrite(write.seq!)}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
