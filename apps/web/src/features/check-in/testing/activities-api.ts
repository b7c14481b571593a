import {
  ACTIVITIES_PER_USER_MAX,
  ACTIVITY_GROUPS,
  activityNameKey,
  CreateActivityBodySchema,
  MergeActivityBodySchema,
  UpdateActivityBodySchema,
  type Activity,
  type DefaultActivity,
} from '@wellspring/shared';
import type { z } from 'zod';
import { failure, json, mockApi, type RecordedCall } from '@/test/test-utils';

type Handler = (call: RecordedCall) => unknown;

export const NAME_TAKEN_MESSAGE = 'You already have an activity with that name';

function validationFailure(error: z.ZodError): Response {
  return json(400, {
    status: 'fail',
    statusCode: 400,
    code: 'VALIDATION_ERROR',
    message: 'The request is not valid',
    requestId: 'req-1',
    issues: error.issues.map((issue) => ({
      path: ['body', ...issue.path].join('.'),
      message: issue.message,
    })),
  });
}

/**
 * The activity routes of the API (activities.service.ts) over one user's list in memory, for the
 * mocked API of a web test: the picker's order (group, then place, then age), names unique
 * ignoring case (409), the limit (409), a new group's end on a regroup, archive and merge. Bodies
 * are checked with the contract's own schemas; answers are checked by mockApi as every answer is.
 */
export function activitiesApi(start: readonly DefaultActivity[]) {
  let sequence = 0;
  const newId = () => {
    sequence += 1;
    return `00000000-0000-4000-8000-a${String(sequence).padStart(11, '0')}`;
  };
  // In the order they were made: the server's last tie-break.
  let rows: Activity[] = [];
  const nextPosition = (group: string) =>
    Math.max(-1, ...rows.filter((a) => a.group === group).map((a) => a.position)) + 1;
  const isTaken = (name: string, exceptId?: string) =>
    rows.some((a) => a.id !== exceptId && activityNameKey(a.name) === activityNameKey(name));
  const add = ({ name, group, icon }: DefaultActivity): Activity => {
    const row = {
      id: newId(),
      name,
      group,
      icon,
      position: nextPosition(group),
      isArchived: false,
    };
    rows.push(row);
    return row;
  };
  start.forEach(add);

  /** The list as GET /v1/activities answers it. */
  const list = (): Activity[] => {
    const groupIndex = (a: Activity) => ACTIVITY_GROUPS.indexOf(a.group);
    return [...rows].sort((a, b) => groupIndex(a) - groupIndex(b) || a.position - b.position);
  };
  const find = (id: string) => rows.find((a) => a.id === id);
  const notFound = () => failure(404, 'NOT_FOUND', 'No such activity');

  const create: Handler = ({ body }) => {
    const parsed = CreateActivityBodySchema.safeParse(body);
    if (!parsed.success) return validationFailure(parsed.error);
    if (rows.length >= ACTIVITIES_PER_USER_MAX) {
      return failure(409, 'ACTIVITY_LIMIT', 'You can have at most 200 activities');
    }
    if (isTaken(parsed.data.name)) return failure(409, 'ACTIVITY_NAME_TAKEN', NAME_TAKEN_MESSAGE);
    return json(201, { status: 'success', data: add(parsed.data) });
  };

  const update =
    (id: string): Handler =>
    ({ body }) => {
      const row = find(id);
      if (!row) return notFound();
      const parsed = UpdateActivityBodySchema.safeParse(body);
      if (!parsed.success) return validationFailure(parsed.error);
      const change = parsed.data;
      if (change.name !== undefined && isTaken(change.name, id)) {
        return failure(409, 'ACTIVITY_NAME_TAKEN', NAME_TAKEN_MESSAGE);
      }
      if (change.name !== undefined) row.name = change.name;
      if (change.icon !== undefined) row.icon = change.icon;
      if (change.group !== undefined && change.group !== row.group) {
        row.position = nextPosition(change.group);
        row.group = change.group;
      }
      if (change.position !== undefined) row.position = change.position;
      if (change.isArchived !== undefined) row.isArchived = change.isArchived;
      return { ...row };
    };

  const merge =
    (id: string): Handler =>
    ({ body }) => {
      const parsed = MergeActivityBodySchema.safeParse(body);
      if (!parsed.success) return validationFailure(parsed.error);
      if (parsed.data.intoId === id) {
        return failure(400, 'BAD_REQUEST', 'An activity cannot be merged into itself');
      }
      const into = find(parsed.data.intoId);
      if (!find(id) || !into) return notFound();
      rows = rows.filter((a) => a.id !== id);
      return { ...into };
    };

  /** The handlers, with the routes that name an activity found by their path. */
  const handlers = (others: Record<string, Handler> = {}): Record<string, Handler> =>
    new Proxy<Record<string, Handler>>(
      { 'GET /activities': () => list(), 'POST /activities': create, ...others },
      {
        get(target, key) {
          if (typeof key !== 'string') return undefined;
          if (key in target) return target[key];
          const patch = /^PATCH \/activities\/([^/]+)$/.exec(key);
          if (patch) return update(patch[1]!);
          const merged = /^POST \/activities\/([^/]+)\/merge$/.exec(key);
          if (merged) return merge(merged[1]!);
          return undefined;
        },
      },
    );

  /** Replaces fetch with these routes and `others` (which win over them), as mockApi does. */
  const install = (others?: Record<string, Handler>) => mockApi(handlers(others));

  return { list, names: () => list().map((a) => a.name), install };
}
