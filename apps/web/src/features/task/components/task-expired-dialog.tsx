import { CalendarClock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DialogBody,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogBodyProps,
} from '@/components/ui/dialog';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { useOptimisticUserUpdate } from '@/lib/update-user';

/**
 * Close resets the count: at once in the cache (so nothing asks again), then on the server; a
 * failure puts the count back, and the dialog will show it again.
 */
function useAcknowledgeExpiredTasks() {
  const { update } = useOptimisticUserUpdate();
  return () => update({ unannouncedExpiredTaskCount: 0 });
}

/** taskExpired: how many ongoing tasks expired with their day. Close resets the count to 0. */
export function TaskExpiredDialog({ contextData, close }: DialogBodyProps<'taskExpired'>) {
  const acknowledge = useAcknowledgeExpiredTasks();
  const { count } = contextData;

  return (
    <>
      <DialogHeader>
        <span className="mb-3 flex size-12 items-center justify-center rounded-2xl bg-surface text-brand-violet">
          <CalendarClock className="size-6" aria-hidden />
        </span>
        <DialogTitle>Some tasks expired</DialogTitle>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-3">
        <p className="flex items-baseline gap-2">
          <FormattedNumber value={count} className="text-4xl font-bold tracking-tight text-ink" />
          <span className="text-[15px] font-medium text-ink-soft">
            {count === 1 ? 'task expired' : 'tasks expired'}
          </span>
        </p>
        <p className="text-[15px] leading-relaxed text-ink-soft">
          {count === 1
            ? 'A task you took on an earlier day was not completed in time, so it has left your list.'
            : 'Tasks you took on an earlier day were not completed in time, so they have left your list.'}{' '}
          That's okay: today is a fresh start, pick something that suits how you feel.
        </p>
      </DialogBody>
      <DialogFooter>
        <Button
          onClick={() => {
            acknowledge();
            close();
          }}
          data-autofocus
          className="sm:min-w-28"
        >
          Close
        </Button>
      </DialogFooter>
    </>
  );
}
