import { TIER_LABELS, type Tier } from '@wellspring/shared';

/** The lock text of a background: 'Unlocked by completing Tier II (Medium) goals'. */
export function getUnlockText(tier: Tier): string {
  const { roman, name } = TIER_LABELS[tier];
  return `Unlocked by completing ${roman} (${name}) goals`;
}
