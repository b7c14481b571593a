import { ACTIVITY_GROUP_LABELS, ACTIVITY_GROUPS, type Activity } from '@wellspring/shared';
import { CirclePlus } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DialogBody,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type DialogBodyProps,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useActivities } from '@/lib/activities';
import { describeError } from '@/lib/error-messages';
import { useMoveActivity } from '../api/move-activity';
import { placeInGroup, type MoveDirection } from '../utils/plan-activity-move';
import { FormAlert } from './activity-form-parts';
import { ActivityRow, ArchivedActivityRow, focusKeyOf, type Announce } from './activity-row';
import { AddActivityForm } from './add-activity-form';

export const ARCHIVED_NOTE = 'Kept on old check-ins, hidden from the picker.';

const ADD_FOCUS_KEY = 'add';

function ListSection({
  title,
  note,
  children,
}: {
  title: string;
  note?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <div>
        <h3 id={id} className="text-sm font-semibold text-ink">
          {title}
        </h3>
        {note && <p className="text-sm text-ink-muted">{note}</p>}
      </div>
      <ul className="flex flex-col gap-2">{children}</ul>
    </section>
  );
}

/**
 * activities (decision 074): the user's own list, group by group, to add to, rename, regroup,
 * reorder with buttons (up and down: the keyboard's way, and no drag to learn), archive, bring
 * back and merge. Each change is said in a polite live region, and focus stays with the activity
 * it changed, wherever that activity went.
 */
export function ActivitiesDialog({ close }: DialogBodyProps<'activities'>) {
  const { data: list, isPending, isError, refetch, isRefetching } = useActivities();
  const [openId, setOpenId] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [status, setStatus] = useState('');
  const [moveError, setMoveError] = useState<string | null>(null);
  const move = useMoveActivity({
    onError: (error) => setMoveError(`The new order was not saved. ${describeError(error)}`),
  });

  // Where focus goes once the list shows a change: a control's data-focus-key, looked for after
  // each render until the refreshed list has it.
  const listRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const key = pendingFocus.current;
    if (!key) return;
    const target = listRef.current?.querySelector<HTMLElement>(`[data-focus-key="${key}"]`);
    if (!target) return;
    pendingFocus.current = null;
    target.focus();
  });

  const announce = useCallback<Announce>((message, focusKey) => {
    pendingFocus.current = focusKey;
    // Said again when the same words come twice (the same activity moved twice).
    setStatus((previous) => (previous === message ? `${message}\u00a0` : message));
  }, []);

  // Closing one row's editor leaves another that was opened meanwhile as it is.
  const closeEditor = (activityId: string) => {
    setOpenId((current) => (current === activityId ? null : current));
    pendingFocus.current = focusKeyOf('edit', activityId);
  };
  const toggle = (activityId: string) => {
    if (openId === activityId) closeEditor(activityId);
    else setOpenId(activityId);
  };

  const onMove = (activity: Activity, direction: MoveDirection) => {
    setMoveError(null);
    const moved = move(activity.id, direction);
    if (!moved) return;
    const { place, of } = placeInGroup(moved, activity.id);
    // The same button keeps focus, at its new place, so presses go on where they were.
    announce(
      `${activity.name} moved ${direction}: ${place} of ${of} in ${ACTIVITY_GROUP_LABELS[activity.group]}.`,
      focusKeyOf(direction, activity.id),
    );
  };

  const current = list?.filter((a) => !a.isArchived) ?? [];
  const archived = list?.filter((a) => a.isArchived) ?? [];

  return (
    <>
      <DialogHeader>
        <DialogTitle>Your activities</DialogTitle>
        <p className="mt-1 text-sm text-ink-muted">
          What your check-ins can name, in your own words. A new name shows on past check-ins too.
        </p>
      </DialogHeader>
      <DialogBody className="pt-3">
        <div role="status" aria-live="polite" className="sr-only">
          {status}
        </div>
        {isPending ? (
          <Spinner label="Loading your activities" className="mx-auto my-8 flex justify-center" />
        ) : isError ? (
          <div className="flex flex-col gap-3">
            <FormAlert message="Your activities could not be loaded. Please try again." />
            <Button
              variant="secondary"
              className="self-stretch sm:self-start"
              isLoading={isRefetching}
              onClick={() => void refetch()}
            >
              Try again
            </Button>
          </div>
        ) : (
          <div ref={listRef} className="flex flex-col gap-6">
            {isAdding ? (
              <AddActivityForm
                onAdded={(activity) =>
                  setStatus(`${activity.name} added to ${ACTIVITY_GROUP_LABELS[activity.group]}.`)
                }
                onCancel={() => {
                  setIsAdding(false);
                  pendingFocus.current = ADD_FOCUS_KEY;
                }}
              />
            ) : (
              <Button
                variant="secondary"
                className="self-stretch sm:self-start"
                data-focus-key={ADD_FOCUS_KEY}
                onClick={() => setIsAdding(true)}
              >
                <CirclePlus className="size-4" aria-hidden />
                Add an activity
              </Button>
            )}
            {moveError && <FormAlert message={moveError} />}
            {current.length === 0 && (
              <p className="text-sm text-ink-muted">
                No activities in your list yet: add the first one above.
              </p>
            )}
            {ACTIVITY_GROUPS.map((group) => {
              const inGroup = current.filter((a) => a.group === group);
              if (inGroup.length === 0) return null;
              return (
                <ListSection key={group} title={ACTIVITY_GROUP_LABELS[group]}>
                  {inGroup.map((activity, index) => (
                    <ActivityRow
                      key={activity.id}
                      activity={activity}
                      list={list}
                      canMoveUp={index > 0}
                      canMoveDown={index < inGroup.length - 1}
                      isOpen={openId === activity.id}
                      onToggle={() => toggle(activity.id)}
                      onClose={() => closeEditor(activity.id)}
                      onMove={(direction) => onMove(activity, direction)}
                      announce={announce}
                    />
                  ))}
                </ListSection>
              );
            })}
            {archived.length > 0 && (
              <ListSection title="Archived" note={ARCHIVED_NOTE}>
                {archived.map((activity) => (
                  <ArchivedActivityRow key={activity.id} activity={activity} announce={announce} />
                ))}
              </ListSection>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter>
        <Button onClick={close}>Done</Button>
      </DialogFooter>
    </>
  );
}
