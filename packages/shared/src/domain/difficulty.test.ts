import { describe, expect, it } from 'vitest';
import { DIFFICULTY_BANDS, getDifficultyTier, TIER_LABELS, TIERS } from './difficulty';

describe('getDifficultyTier', () => {
  it.each([
    [50_000, 1],
    [100_000, 1],
    [150_000, 1],
    [200_000, 2],
    [250_000, 2],
    [300_000, 2],
    [350_000, 2],
    [400_000, 3],
    [450_000, 3],
    [500_000, 3],
  ])('puts the slider value %i in tier %i', (points, tier) => {
    expect(getDifficultyTier(points)).toBe(tier);
  });

  it.each([
    // Between the Easy and Medium bands: only the Hard band (40,000 to 500,000) contains them.
    [150_001, 3],
    [175_000, 3],
    [199_999, 3],
    // Past Medium, still Hard.
    [350_001, 3],
    // The Hard band starts at 40,000, below the Easy band.
    [40_000, 3],
    [49_999, 3],
  ])('puts %i, outside Easy and Medium, in the overlapping Hard band (tier %i)', (points, tier) => {
    expect(getDifficultyTier(points)).toBe(tier);
  });

  it.each([30_000, 39_999, 0, -50_000, 500_001, 550_000, Number.NaN])(
    'throws for %d, which falls in no band',
    (points) => {
      expect(() => getDifficultyTier(points)).toThrow(
        `No difficulty band contains ${points} points`,
      );
    },
  );

  it('lets the first matching band win where bands overlap', () => {
    const containing150k = DIFFICULTY_BANDS.filter((b) => b.min <= 150_000 && 150_000 <= b.max);
    expect(containing150k.map((b) => b.tier)).toEqual([1, 3]);
    expect(getDifficultyTier(150_000)).toBe(1);
  });
});

describe('tier labels', () => {
  it('names the three tiers as SPEC.md section 3 does', () => {
    expect(TIERS).toEqual([1, 2, 3]);
    expect(TIER_LABELS).toEqual({
      1: { roman: 'Tier I', name: 'Easy' },
      2: { roman: 'Tier II', name: 'Medium' },
      3: { roman: 'Tier III', name: 'Hard' },
    });
  });
});
