/** A goal's difficulty tier: 1 Easy, 2 Medium, 3 Hard. */
export type Tier = 1 | 2 | 3;

export const TIERS: readonly Tier[] = [1, 2, 3];

/** The bands of SPEC.md section 9, in order; they overlap and the first that matches wins. */
export const DIFFICULTY_BANDS: readonly { tier: Tier; min: number; max: number }[] = [
  { tier: 1, min: 50_000, max: 150_000 },
  { tier: 2, min: 200_000, max: 350_000 },
  { tier: 3, min: 40_000, max: 500_000 },
];

export const TIER_LABELS: Record<Tier, { roman: string; name: string }> = {
  1: { roman: 'Tier I', name: 'Easy' },
  2: { roman: 'Tier II', name: 'Medium' },
  3: { roman: 'Tier III', name: 'Hard' },
};

/** The tier of a goal target: the first band containing it; an error when none does. */
export function getDifficultyTier(points: number): Tier {
  const band = DIFFICULTY_BANDS.find((b) => points >= b.min && points <= b.max);
  if (!band) throw new Error(`No difficulty band contains ${points} points`);
  return band.tier;
}
