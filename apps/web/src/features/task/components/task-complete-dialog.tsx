import { PartyPopper } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DialogBody,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogBodyProps,
} from '@/components/ui/dialog';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatNumber, formatSpokenNumber } from '@/lib/format';
import { useCountUp } from '../hooks/use-count-up';
import { getDialogPercent } from '../utils/task-outcome';

/** taskComplete: the goal moving from before the task to after it (SPEC.md section 2). */
export function TaskCompleteDialog({ contextData, close }: DialogBodyProps<'taskComplete'>) {
  const { oldGoal, newGoal } = contextData;
  const oldPercent = getDialogPercent(oldGoal.earned, oldGoal.target);
  const newPercent = getDialogPercent(newGoal.earned, newGoal.target);
  const earned = Math.round(useCountUp(oldGoal.earned, newGoal.earned));
  const percent = Math.round(useCountUp(oldPercent, newPercent));
  const gained = newGoal.earned - oldGoal.earned;

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <PartyPopper className="size-6 text-brand-violet" aria-hidden />
          Task completed!
        </DialogTitle>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5">
        <p className="text-[15px] text-ink-soft">
          Nicely done:{' '}
          <strong className="text-ink">
            <FormattedNumber value={gained} prefix="+" unit="points" />
          </strong>{' '}
          toward your goal.
        </p>
        <div className="rounded-2xl bg-surface p-5">
          <div className="flex items-end justify-between gap-3" aria-hidden>
            <p className="text-ink">
              <span
                className="text-3xl font-bold tracking-tight tabular-nums"
                data-testid="task-complete-earned"
              >
                {formatNumber(earned)}
              </span>
              <span className="text-sm font-medium text-ink-muted">
                {' '}
                / {formatNumber(newGoal.target)}
              </span>
            </p>
            <p
              className="text-2xl font-bold text-brand-violet tabular-nums"
              data-testid="task-complete-percent"
            >
              {percent}%
            </p>
          </div>
          <ProgressBar
            value={percent}
            label="Goal progress"
            valueText={`${newPercent}%`}
            track="white"
            className="mt-3"
          />
        </div>
        <p className="sr-only">
          Your points went from {formatSpokenNumber(oldGoal.earned)} to{' '}
          {formatSpokenNumber(newGoal.earned)} of {formatSpokenNumber(newGoal.target)}, {oldPercent}
          % to {newPercent}%.
        </p>
      </DialogBody>
      <DialogFooter>
        <Button onClick={close} data-autofocus>
          Keep going
        </Button>
      </DialogFooter>
    </>
  );
}
