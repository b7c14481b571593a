import { ACTIVITY_GROUP_LABELS, type Activity } from '@wellspring/shared';
import {
  Archive,
  ArchiveRestore,
  ArrowDown,
  ArrowUp,
  SquarePen,
  type LucideIcon,
} from 'lucide-react';
import { useId, type ButtonHTMLAttributes } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/error-messages';
import { useUpdateActivity } from '../api/update-activity';
import type { MoveDirection } from '../utils/plan-activity-move';
import { ActivityIcon } from '@/components/ui/activity-icon';
import { FormAlert } from './activity-form-parts';
import { EditActivityForm } from './edit-activity-form';
import { MergeActivityForm } from './merge-activity-form';

/** What a row tells the list after a change: words for the screen reader, where focus goes. */
export type Announce = (message: string, focusKey: string) => void;

/** The `data-focus-key` of a row's control, so focus can find it again after the list changes. */
export const focusKeyOf = (
  control: 'up' | 'down' | 'edit' | 'restore',
  activityId: string,
): string => `${control}:${activityId}`;

/** A 44 px square button with only an icon: its label is its name. */
function IconButton({
  label,
  icon: Icon,
  focusKey,
  ...props
}: {
  label: string;
  icon: LucideIcon;
  focusKey: string;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      aria-label={label}
      data-focus-key={focusKey}
      className="flex size-11 shrink-0 items-center justify-center rounded-xl text-ink-muted transition hover:bg-surface hover:text-ink aria-disabled:cursor-not-allowed aria-disabled:opacity-35 aria-disabled:hover:bg-transparent aria-expanded:bg-surface aria-expanded:text-brand-violet"
      {...props}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}

function ActivityLabel({ activity }: { activity: Activity }) {
  return (
    <>
      <ActivityIcon name={activity.icon} className="text-brand-violet" />
      <span className="min-w-0 flex-1 text-sm font-medium break-words text-ink">
        {activity.name}
      </span>
    </>
  );
}

/**
 * Change, archive or merge one activity: the panel a row opens. A change can take the row away
 * (to another group, to Archived, or gone in a merge) before the call is over, so what follows
 * a success hangs on the call's promise, which settles whatever is still on screen.
 */
function ActivityEditor({
  activity,
  list,
  announce,
  onClose,
}: {
  activity: Activity;
  list: readonly Activity[];
  announce: Announce;
  onClose: () => void;
}) {
  const archive = useUpdateActivity();
  const { name } = activity;
  return (
    <div className="flex flex-col gap-5 border-t border-line px-3 pt-3 pb-4">
      <EditActivityForm
        activity={activity}
        onCancel={onClose}
        onSaved={(saved, changes) => {
          onClose();
          const moved = changes.group ? ` and moved to ${ACTIVITY_GROUP_LABELS[saved.group]}` : '';
          announce(`${saved.name} saved${moved}.`, focusKeyOf('edit', saved.id));
        }}
      />
      <div className="flex flex-col gap-2 border-t border-line pt-4">
        <p className="text-sm text-ink-muted">
          Archived, it stays on your old check-ins and leaves the picker.
        </p>
        {archive.isError && <FormAlert message={describeError(archive.error)} />}
        <Button
          variant="secondary"
          className="self-stretch sm:self-start"
          aria-label={`Archive ${name}`}
          isLoading={archive.isPending}
          onClick={() =>
            archive.mutateAsync({ activityId: activity.id, body: { isArchived: true } }).then(
              () => {
                onClose();
                announce(
                  `${name} archived: kept on old check-ins, hidden from the picker.`,
                  focusKeyOf('restore', activity.id),
                );
              },
              // Shown beside the button.
              () => undefined,
            )
          }
        >
          {!archive.isPending && <Archive className="size-4" aria-hidden />}
          Archive
        </Button>
      </div>
      <div className="border-t border-line pt-4">
        <MergeActivityForm
          activity={activity}
          list={list}
          onMerged={(into) =>
            announce(
              `${name} merged into ${into.name}: its check-ins name ${into.name} now.`,
              focusKeyOf('edit', into.id),
            )
          }
        />
      </div>
    </div>
  );
}

/** One current activity: its icon and name, up and down in its group, and its editor. */
export function ActivityRow({
  activity,
  list,
  canMoveUp,
  canMoveDown,
  isOpen,
  onToggle,
  onClose,
  onMove,
  announce,
}: {
  activity: Activity;
  list: readonly Activity[];
  canMoveUp: boolean;
  canMoveDown: boolean;
  isOpen: boolean;
  onToggle: () => void;
  /** Closes this row's editor (and no other), focus going back to its Edit button. */
  onClose: () => void;
  onMove: (direction: MoveDirection) => void;
  announce: Announce;
}) {
  const panelId = useId();
  const { id, name } = activity;
  return (
    <li
      className={cn(
        'rounded-xl border bg-card',
        isOpen ? 'border-brand-violet/50 shadow-card' : 'border-line',
      )}
    >
      <div className="flex items-center gap-1 py-0.5 pr-0.5 pl-3">
        <span className="flex min-w-0 flex-1 items-center gap-3">
          <ActivityLabel activity={activity} />
        </span>
        {/* aria-disabled, not disabled, at either end: focus stays put as presses go on. */}
        <IconButton
          label={`Move ${name} up`}
          icon={ArrowUp}
          focusKey={focusKeyOf('up', id)}
          aria-disabled={!canMoveUp || undefined}
          onClick={() => canMoveUp && onMove('up')}
        />
        <IconButton
          label={`Move ${name} down`}
          icon={ArrowDown}
          focusKey={focusKeyOf('down', id)}
          aria-disabled={!canMoveDown || undefined}
          onClick={() => canMoveDown && onMove('down')}
        />
        <IconButton
          label={`Edit ${name}`}
          icon={SquarePen}
          focusKey={focusKeyOf('edit', id)}
          aria-expanded={isOpen}
          aria-controls={isOpen ? panelId : undefined}
          onClick={onToggle}
        />
      </div>
      {isOpen && (
        <div id={panelId}>
          <ActivityEditor activity={activity} list={list} announce={announce} onClose={onClose} />
        </div>
      )}
    </li>
  );
}

/** An archived activity: its icon and name, and the button that brings it back. */
export function ArchivedActivityRow({
  activity,
  announce,
}: {
  activity: Activity;
  announce: Announce;
}) {
  const restore = useUpdateActivity();
  const { id, name } = activity;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-dashed border-line bg-card py-0.5 pr-0.5 pl-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="flex min-h-11 min-w-0 flex-1 basis-24 items-center gap-3 opacity-80">
          <ActivityLabel activity={activity} />
        </span>
        <Button
          variant="ghost"
          aria-label={`Bring back ${name}`}
          data-focus-key={focusKeyOf('restore', id)}
          isLoading={restore.isPending}
          onClick={() =>
            restore.mutateAsync({ activityId: id, body: { isArchived: false } }).then(
              (saved) =>
                announce(
                  `${name} is back in ${ACTIVITY_GROUP_LABELS[saved.group]}.`,
                  focusKeyOf('edit', id),
                ),
              // Shown below the row.
              () => undefined,
            )
          }
        >
          {!restore.isPending && <ArchiveRestore className="size-4" aria-hidden />}
          Bring back
        </Button>
      </div>
      {restore.isError && (
        <FormAlert message={describeError(restore.error)} className="mr-2.5 mb-2" />
      )}
    </li>
  );
}
