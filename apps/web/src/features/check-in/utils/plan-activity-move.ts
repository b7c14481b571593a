import { ACTIVITY_GROUPS, type Activity } from '@wellspring/shared';

export type MoveDirection = 'up' | 'down';

/** One activity's new place in its group, as PATCH /v1/activities/:activityId takes it. */
export interface PositionChange {
  activityId: string;
  position: number;
}

/** The highest place PATCH /v1/activities/:activityId accepts (UpdateActivityBodySchema). */
const POSITION_MAX = 10_000;

/**
 * The places that move an activity past its neighbour among the current (not archived) ones of
 * its group, from a list in the picker's order. The group keeps the places it has, handed out in
 * the new order, so a swap of neighbours changes two; places that tie or run past the highest
 * allowed are numbered afresh. Nothing for an archived activity or one already at that end.
 */
export function planActivityMove(
  list: readonly Activity[],
  activityId: string,
  direction: MoveDirection,
): PositionChange[] {
  const moving = list.find((a) => a.id === activityId);
  if (!moving || moving.isArchived) return [];
  const group = list.filter((a) => a.group === moving.group);
  const current = group.filter((a) => !a.isArchived);
  const index = current.indexOf(moving);
  const neighbour = current[direction === 'up' ? index - 1 : index + 1];
  if (!neighbour) return [];

  const order = group.filter((a) => a !== moving);
  const at = order.indexOf(neighbour) + (direction === 'up' ? 0 : 1);
  order.splice(at, 0, moving);

  const places = group.map((a) => a.position);
  const isUsable =
    places.every((p, i) => i === 0 || p > places[i - 1]!) && places.at(-1)! <= POSITION_MAX;
  return order.flatMap((activity, i) => {
    const position = isUsable ? places[i]! : i;
    return activity.position === position ? [] : [{ activityId: activity.id, position }];
  });
}

/** The list with those places taken, back in the picker's order: group by group, then by place. */
export function applyPositionChanges(
  list: readonly Activity[],
  changes: readonly PositionChange[],
): Activity[] {
  const positions = new Map(changes.map((c) => [c.activityId, c.position]));
  const groupIndex = (a: Activity) => ACTIVITY_GROUPS.indexOf(a.group);
  // A stable sort: activities at the same place keep the server's order (oldest first).
  return list
    .map((a) => (positions.has(a.id) ? { ...a, position: positions.get(a.id)! } : a))
    .sort((a, b) => groupIndex(a) - groupIndex(b) || a.position - b.position);
}

/** Where an activity stands among the current ones of its group: 'n of m', from 1. */
export function placeInGroup(list: readonly Activity[], activityId: string) {
  const activity = list.find((a) => a.id === activityId);
  const current = list.filter((a) => a.group === activity?.group && !a.isArchived);
  return { place: current.findIndex((a) => a.id === activityId) + 1, of: current.length };
}
