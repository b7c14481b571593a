import { ACTIVITY_GROUP_LABELS, ACTIVITY_GROUPS, type Activity } from '@wellspring/shared';
import { Merge } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/error-messages';
import { useMergeActivity } from '../api/merge-activity';
import { SelectField } from '@/components/ui/field';
import { FormAlert } from './activity-form-parts';

/** The sentence the merge is confirmed with: what happens, plainly. */
export function describeMerge(from: string, into: string): string {
  return `Every check-in with ${from} will name ${into} instead. ${from} goes away.`;
}

/**
 * Merge one activity into another: choose the one that stays, read what will happen, confirm.
 * Only the current activities are offered: the check-ins should name one the picker still has.
 */
export function MergeActivityForm({
  activity,
  list,
  onMerged,
}: {
  activity: Activity;
  list: readonly Activity[];
  onMerged: (into: Activity) => void;
}) {
  const merge = useMergeActivity();
  const [intoId, setIntoId] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const messageId = useId();
  const confirmRef = useRef<HTMLDivElement>(null);
  const into = list.find((a) => a.id === intoId);
  const targets = list.filter((a) => a.id !== activity.id && !a.isArchived);

  // The question takes focus, so a screen reader reads it before the buttons.
  useEffect(() => {
    if (isConfirming) confirmRef.current?.focus();
  }, [isConfirming]);

  if (targets.length === 0) return null;

  const confirm = () => {
    if (!into) return;
    // On the promise: the merged one, and this form, leave the list before the call is over.
    merge.mutateAsync({ activityId: activity.id, intoId: into.id }).then(
      () => onMerged(into),
      // The pressed button was busy meanwhile: focus goes back to the question and its alert.
      () => confirmRef.current?.focus(),
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <SelectField
        label={`Merge ${activity.name} into`}
        value={intoId}
        onChange={(event) => {
          setIntoId(event.target.value);
          setIsConfirming(false);
          merge.reset();
        }}
      >
        <option value="">Choose an activity</option>
        {ACTIVITY_GROUPS.map((group) => {
          const inGroup = targets.filter((a) => a.group === group);
          if (inGroup.length === 0) return null;
          return (
            <optgroup key={group} label={ACTIVITY_GROUP_LABELS[group]}>
              {inGroup.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </optgroup>
          );
        })}
      </SelectField>
      {!isConfirming ? (
        <Button
          variant="secondary"
          className="self-stretch sm:self-start"
          disabled={!into}
          onClick={() => setIsConfirming(true)}
        >
          <Merge className="size-4" aria-hidden />
          Merge
        </Button>
      ) : (
        into && (
          <div
            ref={confirmRef}
            role="group"
            aria-labelledby={messageId}
            tabIndex={-1}
            className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3"
          >
            <p id={messageId} className="text-sm break-words text-amber-950">
              {describeMerge(activity.name, into.name)}
            </p>
            {merge.isError && <FormAlert message={describeError(merge.error)} />}
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setIsConfirming(false)}>
                Keep both
              </Button>
              <Button
                variant="danger"
                onClick={confirm}
                isLoading={merge.isPending}
                aria-describedby={messageId}
              >
                Merge them
              </Button>
            </div>
          </div>
        )
      )}
    </div>
  );
}
