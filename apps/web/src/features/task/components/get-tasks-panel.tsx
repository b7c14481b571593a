import type { GeneratedTask, Mood } from '@wellspring/shared';
import { Loader2, Plus, Shuffle, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useNeedsNetwork } from '@/components/ui/needs-network';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { MoodBadge } from '@/components/ui/mood-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { hasErrorCode, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCreateTask } from '../api/create-task';
import { useGeneratedTask } from '../api/get-generated-task';

/** SPEC.md section 9: Shuffle shows its loading animation for about 1 s. */
export const SHUFFLE_ANIMATION_MS = 1_000;

export const GENERATION_BLOCKED_MESSAGE =
  'Tasks can only be generated when your goal is not yet completed';
export const ADD_TASK_SUCCESS_MESSAGE = 'Successfuly added a new task';
export const ADD_TASK_FAILURE_MESSAGE = 'Oops, something went wrong while trying to add a new task';

/** Where the goal stands, as far as getting tasks is concerned. */
export type GoalGate = 'loading' | 'in-progress' | 'completed' | 'none' | 'error';

/**
 * 'Get Your Tasks': the suggestion for the user's mood, Shuffle and Add Task. While the goal is
 * completed (or there is none) the `overlay` takes the suggestion's place and both buttons rest.
 */
export function GetTasksPanel({
  mood,
  goalGate,
  overlay,
}: {
  mood: Mood | undefined;
  goalGate: GoalGate;
  overlay?: ReactNode;
}) {
  const isBlocked = goalGate !== 'in-progress';
  const generated = useGeneratedTask(mood, { enabled: goalGate === 'in-progress' });
  const createTask = useCreateTask();
  const [isShuffling, setIsShuffling] = useState(false);
  const shuffleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(shuffleTimer.current), []);

  // What a screen reader hears after Shuffle or Add Task (the region is there from the start).
  const [announcement, setAnnouncement] = useState('');
  const isAwaitingSuggestion = useRef(false);

  const onShuffle = () => {
    if (isShuffling || createTask.isPending || isBlocked) return;
    isAwaitingSuggestion.current = true;
    setIsShuffling(true);
    // The next task is asked for at once, and shown once the animation has run its second.
    void generated.refetch();
    clearTimeout(shuffleTimer.current);
    shuffleTimer.current = setTimeout(() => setIsShuffling(false), SHUFFLE_ANIMATION_MS);
  };

  const task = generated.data;
  const isLoading = isShuffling || generated.isFetching || generated.isPending;
  const isAdding = createTask.isPending;
  // Offline, accepting a task cannot wait for the network (decision 042).
  const network = useNeedsNetwork();

  const onAdd = () => {
    if (!task || isBlocked || isAdding || isLoading || network.isOffline) return;
    createTask.mutate(task, {
      onSuccess: () => {
        toast.success(ADD_TASK_SUCCESS_MESSAGE);
        setAnnouncement(`Added to your tasks: ${task.title}.`);
        isAwaitingSuggestion.current = true;
      },
      onError: (error) =>
        toast.error(ADD_TASK_FAILURE_MESSAGE, {
          // The server's reason (ten on the go, the daily limit) helps more than silence.
          description: isApiError(error) && error.statusCode === 409 ? error.message : undefined,
        }),
    });
  };

  const shownTitle = isLoading ? undefined : task?.title;
  useEffect(() => {
    if (!shownTitle || !isAwaitingSuggestion.current) return;
    isAwaitingSuggestion.current = false;
    setAnnouncement(`New suggestion: ${shownTitle}.`);
  }, [shownTitle]);

  // The buttons rest with aria-disabled rather than disabled while a suggestion or an addition is
  // under way, so that the one just pressed keeps the keyboard focus (docs/decisions/025).
  const isShuffleResting = isAdding || isShuffling;
  const isAddResting = isAdding || isLoading || !task;

  return (
    <div className="flex flex-col gap-4">
      {overlay ? (
        <div className="relative flex min-h-64 items-center justify-center overflow-hidden rounded-2xl bg-surface p-3 sm:p-5">
          <div
            aria-hidden
            className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgb(155_81_224/0.25),transparent_55%),radial-gradient(circle_at_85%_80%,rgb(242_153_74/0.25),transparent_50%)]"
          />
          {overlay}
        </div>
      ) : goalGate === 'loading' ? (
        <TaskSuggestionSkeleton />
      ) : goalGate === 'error' || goalGate === 'none' ? (
        <div className="flex min-h-52 items-center justify-center rounded-2xl border border-dashed border-line bg-card p-6 text-center">
          <p className="text-[15px] text-ink-soft">
            {goalGate === 'error'
              ? 'Your goal could not be loaded, so no task can be suggested right now. Please try again later.'
              : 'Set a goal to start getting tasks.'}
          </p>
        </div>
      ) : (
        <SuggestionCard
          task={isLoading ? undefined : task}
          isShuffling={isShuffling}
          error={isLoading ? null : generated.error}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <Button
          variant="secondary"
          size="lg"
          onClick={onShuffle}
          disabled={isBlocked}
          aria-disabled={isShuffleResting || undefined}
          aria-busy={isShuffling || undefined}
          className="aria-disabled:opacity-60"
        >
          <Shuffle
            className={cn('size-[18px]', isShuffling && 'animate-spin motion-reduce:animate-none')}
            aria-hidden
          />
          Shuffle
        </Button>
        <Button
          size="lg"
          onClick={onAdd}
          disabled={isBlocked || network.isOffline}
          aria-describedby={network.describedBy}
          title={network.title}
          aria-disabled={isAddResting || undefined}
          aria-busy={isAdding || undefined}
          className="aria-disabled:opacity-60 aria-disabled:shadow-none"
        >
          {isAdding ? (
            <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
          ) : (
            <Plus className="size-[18px]" aria-hidden />
          )}
          Add Task
        </Button>
      </div>
      {network.reason}
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {goalGate === 'completed' && (
        <p className="text-center text-sm text-ink-muted">{GENERATION_BLOCKED_MESSAGE}</p>
      )}
      {goalGate === 'none' && (
        <p className="text-center text-sm text-ink-muted">Set a goal to start getting tasks.</p>
      )}
    </div>
  );
}

function TaskSuggestionSkeleton({ label = 'Finding a task for you' }: { label?: string }) {
  return (
    <div
      className="flex min-h-52 flex-col gap-3 rounded-2xl border border-line bg-card p-5 shadow-card"
      role="status"
      aria-label={label}
    >
      <div className="flex justify-between">
        <Skeleton className="h-6 w-20 rounded-full" />
        <Skeleton className="h-6 w-24 rounded-full" />
      </div>
      <Skeleton className="mt-2 h-6 w-3/4" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

function SuggestionCard({
  task,
  isShuffling,
  error,
}: {
  task: GeneratedTask | undefined;
  isShuffling: boolean;
  error: Error | null;
}) {
  if (error) {
    const isBlocked = hasErrorCode(error, 'GOAL_ALREADY_COMPLETED');
    return (
      <div className="flex min-h-52 flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-line bg-card p-6 text-center">
        <p className="text-[15px] font-medium text-ink">
          {isBlocked ? GENERATION_BLOCKED_MESSAGE : 'No task could be found right now.'}
        </p>
        {!isBlocked && <p className="text-sm text-ink-muted">Try Shuffle for another one.</p>}
      </div>
    );
  }
  if (!task) {
    return <TaskSuggestionSkeleton label={isShuffling ? 'Shuffling' : 'Finding a task for you'} />;
  }
  return (
    <article
      aria-labelledby="suggested-task-title"
      data-testid="generated-task"
      className="relative flex min-h-52 animate-fade-up flex-col gap-3 overflow-hidden rounded-2xl border border-line bg-card p-5 shadow-card"
    >
      <div aria-hidden className="absolute inset-x-0 top-0 h-1 bg-brand-gradient" />
      <div className="flex items-center justify-between gap-3">
        <MoodBadge mood={task.mood} />
        <span className="inline-flex items-center gap-1 rounded-full bg-surface px-3 py-1 text-sm font-bold text-brand-violet tabular-nums">
          <Sparkles className="size-3.5" aria-hidden />
          <FormattedNumber value={task.points} unit="points" />
        </span>
      </div>
      <h3 id="suggested-task-title" className="text-lg leading-snug font-semibold text-ink">
        {task.title}
      </h3>
      <p className="text-[15px] leading-relaxed text-ink-soft">{task.description}</p>
    </article>
  );
}
