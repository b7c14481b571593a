import { describe, expect, it } from 'vitest';
import {
  GOAL_TARGET_DEFAULT,
  GOAL_TARGET_MAX,
  GOAL_TARGET_MIN,
  GOAL_TARGET_STEP,
  getCompletionPercent,
  isGoalReached,
  isValidGoalTarget,
  ONBOARDING_GOAL_TARGET_DEFAULT,
} from './goal';

describe('the goal slider', () => {
  /** Every stop of the slider, walked from its minimum by its step up to its maximum. */
  const stops: number[] = [];
  for (let t = GOAL_TARGET_MIN; t <= GOAL_TARGET_MAX; t += GOAL_TARGET_STEP) stops.push(t);

  it('stops at the ten targets of SPEC.md section 9, each one a valid goal', () => {
    expect(stops).toEqual([
      50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 350_000, 400_000, 450_000, 500_000,
    ]);
    expect(stops.every(isValidGoalTarget)).toBe(true);
    expect(isValidGoalTarget(GOAL_TARGET_MIN - GOAL_TARGET_STEP)).toBe(false);
    expect(isValidGoalTarget(GOAL_TARGET_MAX + GOAL_TARGET_STEP)).toBe(false);
  });

  it('starts Set Goal at the third stop (150,000) and onboarding at the first (50,000)', () => {
    expect(stops.indexOf(GOAL_TARGET_DEFAULT)).toBe(2);
    expect(stops.indexOf(ONBOARDING_GOAL_TARGET_DEFAULT)).toBe(0);
  });
});

describe('isValidGoalTarget', () => {
  it.each([
    50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 350_000, 400_000, 450_000, 500_000,
  ])('accepts the slider value %i', (target) => {
    expect(isValidGoalTarget(target)).toBe(true);
  });

  it.each([
    ['zero', 0],
    ['one below the minimum', 49_999],
    ['a value between two steps', 75_000],
    ['one above a step', 50_001],
    ['one above the maximum', 500_001],
    ['the next step past the maximum', 550_000],
    ['a negative step', -50_000],
    ['a fraction', 50_000.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses %s (%d)', (_label, target) => {
    expect(isValidGoalTarget(target)).toBe(false);
  });
});

describe('getCompletionPercent', () => {
  it.each([
    [25_000, 50_000, 50],
    [50_000, 50_000, 100],
    [1, 3, 33],
    [2, 3, 66],
    [49_999, 50_000, 99],
    [1, 150_000, 0],
    [33_333, 100_000, 33],
    [60_000, 50_000, 120],
  ])('floors %i * 100 / %i to %i', (earned, target, percent) => {
    expect(getCompletionPercent(earned, target)).toBe(percent);
  });

  it.each([
    ['earned is zero', 0, 50_000],
    ['the target is zero', 10_000, 0],
    ['both are zero', 0, 0],
    ['earned is missing', undefined, 50_000],
    ['earned is null', null, 50_000],
    ['the target is missing', 10_000, undefined],
    ['the target is null', 10_000, null],
  ])('is undefined when %s', (_label, earned, target) => {
    expect(getCompletionPercent(earned, target)).toBeUndefined();
  });
});

describe('isGoalReached', () => {
  it('is reached at the target and past it, not one point short', () => {
    expect(isGoalReached(50_000, 50_000)).toBe(true);
    expect(isGoalReached(57_500, 50_000)).toBe(true);
    expect(isGoalReached(49_999, 50_000)).toBe(false);
  });

  it('never counts a zero target as reached', () => {
    expect(isGoalReached(0, 0)).toBe(false);
    expect(isGoalReached(10, 0)).toBe(false);
  });
});
