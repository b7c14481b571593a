import type { Background, BackgroundOwnership } from '@wellspring/shared';

/** A background as the collection shows it: SPEC.md's background plus the computed owned and selected. */
export interface CollectionBackground extends Background {
  owned: boolean;
  selected: boolean;
}

/**
 * SPEC.md section 3: owned and selected are computed. A background is owned when one of the
 * user's ownership records names it, and selected when it is owned and its URL is the user's
 * selectedBackgroundURL.
 */
export function markCollection(
  all: readonly Background[],
  owned: readonly BackgroundOwnership[],
  selectedBackgroundURL: string | null,
): CollectionBackground[] {
  const ownedIds = new Set(owned.map((o) => o.backgroundId));
  return all.map((background) => {
    const isOwned = ownedIds.has(background.id);
    return {
      ...background,
      owned: isOwned,
      selected: isOwned && background.URL === selectedBackgroundURL,
    };
  });
}
