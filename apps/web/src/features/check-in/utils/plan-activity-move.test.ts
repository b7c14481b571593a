import type { Activity } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { applyPositionChanges, placeInGroup, planActivityMove } from './plan-activity-move';

let sequence = 0;
function activity(name: string, overrides: Partial<Activity> = {}): Activity {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    name,
    group: 'health',
    icon: 'Footprints',
    position: 0,
    isArchived: false,
    ...overrides,
  };
}

const names = (list: readonly Activity[]) => list.map((a) => a.name);

describe('planActivityMove', () => {
  const walk = activity('Walk', { position: 0 });
  const gym = activity('Gym', { position: 1 });
  const yoga = activity('Yoga', { position: 2 });
  const list = [activity('Nap', { group: 'sleep', position: 0 }), walk, gym, yoga];

  it('swaps the places of two neighbours, and nothing else', () => {
    expect(planActivityMove(list, gym.id, 'up')).toEqual([
      { activityId: gym.id, position: 0 },
      { activityId: walk.id, position: 1 },
    ]);
    expect(planActivityMove(list, gym.id, 'down')).toEqual([
      { activityId: yoga.id, position: 1 },
      { activityId: gym.id, position: 2 },
    ]);
  });

  it('does nothing at either end of the group, nor for another group’s neighbour', () => {
    expect(planActivityMove(list, walk.id, 'up')).toEqual([]);
    expect(planActivityMove(list, yoga.id, 'down')).toEqual([]);
  });

  it('moves past an archived one to the next current one, keeping the group’s places', () => {
    const old = activity('Old gym', { position: 4, isArchived: true });
    const run = activity('Run', { position: 7 });
    const withArchived = [walk, old, run];
    const changes = planActivityMove(withArchived, run.id, 'up');
    expect(changes).toEqual([
      { activityId: run.id, position: 0 },
      { activityId: walk.id, position: 4 },
      { activityId: old.id, position: 7 },
    ]);
    expect(names(applyPositionChanges(withArchived, changes))).toEqual(['Run', 'Walk', 'Old gym']);
    expect(planActivityMove(withArchived, old.id, 'up')).toEqual([]);
  });

  it('numbers the group afresh when places tie', () => {
    const a = activity('A', { position: 3 });
    const b = activity('B', { position: 3 });
    const c = activity('C', { position: 3 });
    const changes = planActivityMove([a, b, c], c.id, 'up');
    expect(changes).toEqual([
      { activityId: a.id, position: 0 },
      { activityId: c.id, position: 1 },
      { activityId: b.id, position: 2 },
    ]);
    expect(names(applyPositionChanges([a, b, c], changes))).toEqual(['A', 'C', 'B']);
  });
});

describe('applyPositionChanges and placeInGroup', () => {
  it('sorts group by group, then by place, the server’s order breaking ties', () => {
    const nap = activity('Nap', { group: 'sleep', position: 5 });
    const walk = activity('Walk', { position: 0 });
    const gym = activity('Gym', { position: 0 });
    const list = applyPositionChanges([walk, gym, nap], []);
    expect(names(list)).toEqual(['Nap', 'Walk', 'Gym']);
    expect(placeInGroup(list, gym.id)).toEqual({ place: 2, of: 2 });
  });
});
