import {
  ACTIVITIES_PER_USER_MAX,
  ACTIVITY_GROUPS,
  activityNameKey,
  AppError,
  DEFAULT_ACTIVITIES,
  type Activity,
  type CreateActivityBody,
  type UpdateActivityBody,
} from '@wellspring/shared';
import type { Database, Transaction } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/app/context';
import { lockUser } from '../user/user.repository';
import { presentActivity } from './activities.presenter';
import {
  countActivities,
  deleteActivityRow,
  findActivity,
  findLiveActivityIds,
  insertActivities,
  listActivityRows,
  moveCheckInLinks,
  nextPosition,
  updateActivityRow,
  type ActivityChanges,
  type ActivityRow,
} from './activities.repository';
import { rebuildActivityMoodSums } from '../check-ins/mood-sums.repository';

const NAME_TAKEN = 'You already have an activity with that name';

/** Runs a write of the user's activities; a name the user already has answers 409. */
async function writeActivities<T>(db: Database, run: (tx: Transaction) => Promise<T>) {
  try {
    return await db.transaction(run);
  } catch (error) {
    if (isUniqueViolation(error, 'activities_user_name_key')) {
      throw new AppError('ACTIVITY_NAME_TAKEN', NAME_TAKEN);
    }
    throw error;
  }
}

/** The list in the order the picker shows it: group by group, then by place in the group. */
function inPickerOrder(rows: ActivityRow[]): ActivityRow[] {
  const groupIndex = (row: ActivityRow) => ACTIVITY_GROUPS.indexOf(row.group as never);
  return rows.sort(
    (a, b) =>
      groupIndex(a) - groupIndex(b) ||
      a.position - b.position ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  );
}

/**
 * Starts a user's list from DEFAULT_ACTIVITIES the first time it is needed (decision 074): an
 * account that has no activity yet has never had one, since activities are archived, not deleted
 * (a merge leaves the one merged into). Runs with the user's row locked.
 */
export async function startListIfEmpty(tx: Transaction, userId: string, now: Date): Promise<void> {
  if ((await countActivities(tx, userId)) > 0) return;
  const positions = new Map<string, number>();
  await insertActivities(
    tx,
    DEFAULT_ACTIVITIES.map((a) => {
      const position = positions.get(a.group) ?? 0;
      positions.set(a.group, position + 1);
      return {
        userId,
        name: a.name,
        nameKey: activityNameKey(a.name),
        group: a.group,
        icon: a.icon,
        position,
        createdAt: now,
      };
    }),
  );
}

/** The caller's activities, archived ones included (each says so), in the picker's order. */
export async function listActivities(
  db: Database,
  auth: AuthContext,
  now: Date,
): Promise<Activity[]> {
  let rows = await listActivityRows(db, auth.userId);
  if (rows.length === 0) {
    rows = await db.transaction(async (tx) => {
      await lockUser(tx, auth.userId);
      await startListIfEmpty(tx, auth.userId, now);
      return listActivityRows(tx, auth.userId);
    });
  }
  return inPickerOrder(rows).map(presentActivity);
}

export async function createActivity(
  db: Database,
  auth: AuthContext,
  body: CreateActivityBody,
  now: Date,
): Promise<Activity> {
  return writeActivities(db, async (tx) => {
    await lockUser(tx, auth.userId);
    await startListIfEmpty(tx, auth.userId, now);
    if ((await countActivities(tx, auth.userId)) >= ACTIVITIES_PER_USER_MAX) {
      throw new AppError(
        'ACTIVITY_LIMIT',
        `You can have at most ${ACTIVITIES_PER_USER_MAX} activities; archive or merge some first`,
      );
    }
    const [row] = await insertActivities(tx, [
      {
        userId: auth.userId,
        name: body.name,
        nameKey: activityNameKey(body.name),
        group: body.group,
        icon: body.icon,
        position: await nextPosition(tx, auth.userId, body.group),
        createdAt: now,
      },
    ]);
    return presentActivity(row!);
  });
}

/** Renames, regroups, moves, re-icons, archives or brings back one of the caller's activities. */
export async function updateActivity(
  db: Database,
  auth: AuthContext,
  activityId: string,
  body: UpdateActivityBody,
  now: Date,
): Promise<Activity> {
  return writeActivities(db, async (tx) => {
    await lockUser(tx, auth.userId);
    const row = await findActivity(tx, auth.userId, activityId);
    if (!row) throw new AppError('NOT_FOUND', 'No such activity');
    const changes: ActivityChanges = {};
    if (body.name !== undefined) {
      changes.name = body.name;
      changes.nameKey = activityNameKey(body.name);
    }
    if (body.icon !== undefined) changes.icon = body.icon;
    if (body.group !== undefined && body.group !== row.group) {
      changes.group = body.group;
      changes.position = await nextPosition(tx, auth.userId, body.group);
    }
    if (body.position !== undefined) changes.position = body.position;
    if (body.isArchived !== undefined) {
      changes.archivedAt = body.isArchived ? (row.archivedAt ?? now) : null;
    }
    return presentActivity(await updateActivityRow(tx, row.id, changes));
  });
}

/** Merges one of the caller's activities into another: its check-ins move over, then it goes. */
export async function mergeActivity(
  db: Database,
  auth: AuthContext,
  activityId: string,
  intoId: string,
): Promise<Activity> {
  if (activityId === intoId) {
    throw new AppError('BAD_REQUEST', 'An activity cannot be merged into itself');
  }
  return db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    const from = await findActivity(tx, auth.userId, activityId);
    const into = await findActivity(tx, auth.userId, intoId);
    if (!from || !into) throw new AppError('NOT_FOUND', 'No such activity');
    await moveCheckInLinks(tx, from.id, into.id);
    await deleteActivityRow(tx, from.id);
    await rebuildActivityMoodSums(tx, auth.userId);
    return presentActivity(into);
  });
}

/**
 * Checks the activities a new check-in names: each one of the caller's, not archived. Runs in the
 * check-in's transaction, with the user's row locked.
 */
export async function assertLiveActivities(
  tx: Transaction,
  userId: string,
  activityIds: string[],
): Promise<void> {
  const live = await findLiveActivityIds(tx, userId, activityIds);
  if (live.length !== activityIds.length) {
    throw new AppError('UNKNOWN_ACTIVITY', 'A check-in can only name your own, current activities');
  }
}

/** The group and icon an activity brought by an import starts in; the person can move it. */
const IMPORTED_GROUP = 'hobbies';
const IMPORTED_ICON = 'Sparkles';

/**
 * The account's activity for each name an import brings (decision 081), by activityNameKey: an
 * existing one of the same name (archived ones too), or one added now, marked with the import.
 * Past ACTIVITIES_PER_USER_MAX it answers 409 and adds nothing. The caller holds the user's lock.
 */
export async function activitiesForImport(
  tx: Transaction,
  userId: string,
  names: readonly string[],
  importId: string,
  now: Date,
): Promise<Map<string, string>> {
  await startListIfEmpty(tx, userId, now);
  const ids = new Map((await listActivityRows(tx, userId)).map((row) => [row.nameKey, row.id]));
  const added = [...new Map(names.map((name) => [activityNameKey(name), name]))].filter(
    ([key]) => !ids.has(key),
  );
  if (added.length === 0) return ids;
  if (ids.size + added.length > ACTIVITIES_PER_USER_MAX) {
    throw new AppError(
      'ACTIVITY_LIMIT',
      `This import adds ${added.length} activities to your ${ids.size}; you can have at most ` +
        `${ACTIVITIES_PER_USER_MAX}: archive or merge some first`,
    );
  }
  const first = await nextPosition(tx, userId, IMPORTED_GROUP);
  const rows = await insertActivities(
    tx,
    added.map(([key, name], i) => ({
      userId,
      name,
      nameKey: key,
      group: IMPORTED_GROUP,
      icon: IMPORTED_ICON,
      position: first + i,
      importId,
      createdAt: now,
    })),
  );
  for (const row of rows) ids.set(row.nameKey, row.id);
  return ids;
}
