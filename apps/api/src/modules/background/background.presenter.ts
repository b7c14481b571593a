import type { Background, BackgroundOwnership } from '@wellspring/shared';
import type { BackgroundRow, OwnershipRow } from './background.repository';
import { toPublicUrl } from '../../lib/public-url';

/** A background as SPEC.md section 3 names it; its URL absolute, on PUBLIC_URL. */
export function presentBackground(row: BackgroundRow, publicUrl: string): Background {
  return {
    id: row.id,
    name: row.name,
    URL: toPublicUrl(publicUrl, row.url),
    tier: row.tier as Background['tier'],
  };
}

/** One background the user owns: the ownership record, with the background's id. */
export function presentOwnership(row: OwnershipRow): BackgroundOwnership {
  return { id: row.id, backgroundId: row.backgroundId, acquiredAt: row.acquiredAt.toISOString() };
}
