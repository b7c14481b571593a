import {
  ACTIVITIES_PER_CHECK_IN_MAX,
  ACTIVITY_GROUP_LABELS,
  ACTIVITY_GROUPS,
  CHECK_IN_NOTE_MAX,
  FEELING_QUADRANTS,
  FEELING_WORDS,
  FEELINGS_PER_CHECK_IN,
  type Activity,
  type CreateCheckInBody,
  type FeelingQuadrant,
  type Mood,
} from '@wellspring/shared';
import { Check } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { ActivityIcon } from '@/components/ui/activity-icon';
import { Button } from '@/components/ui/button';
import {
  DialogBody,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogBodyProps,
} from '@/components/ui/dialog';
import { MoodPicker } from '@/components/ui/mood-picker';
import { toast } from '@/components/ui/toast';
import { useActivities } from '@/lib/activities';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/error-messages';
import { formatLongLocalDate } from '@/lib/format';
import { useCreateCheckIn } from '../api/create-check-in';

export const CHECK_IN_TEXTS = {
  saved: 'Check-in saved',
  queued: 'Check-in saved on this device, sent when you are back online.',
} as const;

/** The mood meter's quadrants in words (decision 073). */
export const QUADRANT_LABELS: Record<FeelingQuadrant, string> = {
  'high-pleasant': 'Pleasant, with energy',
  'low-pleasant': 'Pleasant and calm',
  'high-unpleasant': 'Unpleasant, with energy',
  'low-unpleasant': 'Unpleasant and low',
};

function toggle<T>(list: readonly T[], item: T, max: number): T[] {
  if (list.includes(item)) return list.filter((x) => x !== item);
  return list.length >= max ? [...list] : [...list, item];
}

/** A word or activity to add to the check-in: a toggle button, pressed when chosen. */
function Chip({
  pressed,
  disabled,
  onClick,
  children,
}: {
  pressed: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      // aria-disabled, not disabled: a full list still lets focus reach every chip.
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
      className={cn(
        'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 py-1 text-sm transition aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
        pressed
          ? 'border-2 border-brand-violet bg-violet-50 font-semibold text-ink dark:bg-violet-950/40'
          : 'border-line bg-card text-ink-soft hover:border-brand-violet/40',
      )}
    >
      {pressed && <Check className="size-3.5" aria-hidden />}
      {children}
    </button>
  );
}

const chosenCount = (n: number) => (n === 0 ? null : `${n} chosen`);

/**
 * A part of the check-in that starts closed: the way to a mood alone stays three taps. Its title
 * says what it holds so far (`status`), so a closed part is not forgotten.
 */
function Part({
  title,
  status,
  children,
}: {
  title: string;
  status: string | null;
  children: ReactNode;
}) {
  return (
    <details className="group rounded-xl border border-line bg-surface/40 open:bg-transparent">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-xl px-3 text-sm font-semibold text-ink">
        {title}
        {status && <span className="text-ink-muted">{status}</span>}
      </summary>
      <div className="flex flex-col gap-3 px-3 pt-1 pb-3">{children}</div>
    </details>
  );
}

function ActivityChoices({
  activities,
  chosen,
  onToggle,
}: {
  activities: Activity[];
  chosen: string[];
  onToggle: (id: string) => void;
}) {
  const live = activities.filter((a) => !a.isArchived);
  if (live.length === 0) {
    return <p className="text-sm text-ink-muted">No activities yet: add some in your profile.</p>;
  }
  const isFull = chosen.length >= ACTIVITIES_PER_CHECK_IN_MAX;
  return ACTIVITY_GROUPS.map((group) => {
    const inGroup = live.filter((a) => a.group === group);
    if (inGroup.length === 0) return null;
    return (
      <div key={group} role="group" aria-label={ACTIVITY_GROUP_LABELS[group]}>
        <p className="mb-1.5 text-xs font-semibold tracking-wide text-ink-muted uppercase">
          {ACTIVITY_GROUP_LABELS[group]}
        </p>
        <div className="flex flex-wrap gap-2">
          {inGroup.map((activity) => {
            const pressed = chosen.includes(activity.id);
            return (
              <Chip
                key={activity.id}
                pressed={pressed}
                disabled={!pressed && isFull}
                onClick={() => onToggle(activity.id)}
              >
                <ActivityIcon name={activity.icon} className="size-4" />
                {activity.name}
              </Chip>
            );
          })}
        </div>
      </div>
    );
  });
}

/**
 * checkIn (decision 073): the quick check-in. A mood in one tap, then, if the person wants, feeling
 * words by quadrant, activities by group and a short note, each behind a closed part, so a mood
 * alone is saved in three taps from any page (open, mood, Save). With a date it back-fills that
 * missed day. Offline, it waits on the device. A refused save keeps every choice and says why.
 */
export function CheckInDialog({ contextData, close }: DialogBodyProps<'checkIn'>) {
  const date = contextData?.date;
  const noteId = useId();
  const [mood, setMood] = useState<Mood>('Unknown');
  const [feelings, setFeelings] = useState<string[]>([]);
  const [activityIds, setActivityIds] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const activities = useActivities();
  const create = useCreateCheckIn();

  const save = () => {
    if (mood === 'Unknown' || create.isPending) return;
    setError(null);
    const body: CreateCheckInBody = { mood };
    if (feelings.length > 0) body.feelings = feelings;
    if (activityIds.length > 0) body.activityIds = activityIds;
    if (note.trim() !== '') body.note = note;
    if (date !== undefined) body.date = date;
    create.mutate(body, {
      onSuccess: (saved) => {
        toast.success(saved.kind === 'queued' ? CHECK_IN_TEXTS.queued : CHECK_IN_TEXTS.saved);
        close();
      },
      onError: (failure) => setError(describeError(failure)),
    });
  };

  const feelingsFull = feelings.length >= FEELINGS_PER_CHECK_IN;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{date ? `Check in for ${formatLongLocalDate(date)}` : 'Check in'}</DialogTitle>
        <p className="mt-1.5 text-[15px] leading-relaxed text-ink-soft">
          {date
            ? 'Added later for a missed day: it earns no points.'
            : 'How are you feeling right now?'}
        </p>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <MoodPicker value={mood} onChange={setMood} label="Your mood" />
        <Part title="Feelings" status={chosenCount(feelings.length)}>
          <p className="text-xs text-ink-muted">Up to {FEELINGS_PER_CHECK_IN} words.</p>
          {FEELING_QUADRANTS.map((quadrant) => (
            <div key={quadrant} role="group" aria-label={QUADRANT_LABELS[quadrant]}>
              <p className="mb-1.5 text-xs font-semibold tracking-wide text-ink-muted uppercase">
                {QUADRANT_LABELS[quadrant]}
              </p>
              <div className="flex flex-wrap gap-2">
                {FEELING_WORDS.filter((f) => f.quadrant === quadrant).map(({ word }) => {
                  const pressed = feelings.includes(word);
                  return (
                    <Chip
                      key={word}
                      pressed={pressed}
                      disabled={!pressed && feelingsFull}
                      onClick={() => setFeelings(toggle(feelings, word, FEELINGS_PER_CHECK_IN))}
                    >
                      {word}
                    </Chip>
                  );
                })}
              </div>
            </div>
          ))}
        </Part>
        <Part title="Activities" status={chosenCount(activityIds.length)}>
          {activities.isError ? (
            <p className="text-sm text-ink-muted">Your activities could not be loaded.</p>
          ) : !activities.data ? (
            <p className="text-sm text-ink-muted">Loading your activities…</p>
          ) : (
            <ActivityChoices
              activities={activities.data}
              chosen={activityIds}
              onToggle={(id) =>
                setActivityIds(toggle(activityIds, id, ACTIVITIES_PER_CHECK_IN_MAX))
              }
            />
          )}
        </Part>
        <Part title="Note" status={note.trim() === '' ? null : 'Written'}>
          <label htmlFor={noteId} className="text-sm font-medium text-ink-soft">
            A short note, kept private
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={CHECK_IN_NOTE_MAX}
            rows={3}
            aria-describedby={`${noteId}-count`}
            onChange={(event) => setNote(event.target.value)}
            className="w-full rounded-xl border border-line bg-card p-3 text-[15px] text-ink"
          />
          <p id={`${noteId}-count`} className="text-right text-xs text-ink-muted tabular-nums">
            {note.length} / {CHECK_IN_NOTE_MAX}
          </p>
        </Part>
        {error && (
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
          >
            {error}
          </p>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button
          onClick={save}
          disabled={mood === 'Unknown'}
          isLoading={create.isPending}
          className="sm:min-w-28"
        >
          Save
        </Button>
      </DialogFooter>
    </>
  );
}
