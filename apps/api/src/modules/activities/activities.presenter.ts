import type { Activity } from '@wellspring/shared';
import type { ActivityRow } from './activities.repository';

/** Shapes an activity row for its owner: only the fields of the contract. */
export function presentActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    name: row.name,
    group: row.group as Activity['group'],
    icon: row.icon as Activity['icon'],
    position: row.position,
    isArchived: row.archivedAt !== null,
  };
}
