import type { Background } from '@wellspring/shared';
import type { backgrounds } from '../../db/schema';

export function presentBackground(
  row: typeof backgrounds.$inferSelect,
  state: { owned: boolean; selected: boolean },
): Background {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    tier: row.tier as Background['tier'],
    owned: state.owned,
    selected: state.selected,
  };
}
