import { describe, expect, it } from 'vitest';
import { getDayMood, levelOfMood } from './check-in';

const sum = (...moods: Parameters<typeof levelOfMood>[0][]) =>
  moods.reduce((total, mood) => total + levelOfMood(mood), 0);

describe('getDayMood', () => {
  it('is null for a day without check-ins', () => {
    expect(getDayMood(0, 0)).toBeNull();
  });

  it('is the one check-in’s mood on a day with one', () => {
    for (const mood of ['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed'] as const) {
      expect(getDayMood(levelOfMood(mood), 1)).toBe(mood);
    }
  });

  it('is the mean, rounded to the nearest mood', () => {
    expect(getDayMood(sum('Ecstatic', 'Happy', 'Happy'), 3)).toBe('Happy');
    expect(getDayMood(sum('Ecstatic', 'Ecstatic', 'Happy'), 3)).toBe('Ecstatic');
    expect(getDayMood(sum('Happy', 'Sad'), 2)).toBe('Neutral');
    expect(getDayMood(sum('Depressed', 'Depressed', 'Sad'), 3)).toBe('Depressed');
  });

  it('breaks a tie toward Neutral', () => {
    expect(getDayMood(sum('Ecstatic', 'Happy'), 2)).toBe('Happy');
    expect(getDayMood(sum('Happy', 'Neutral'), 2)).toBe('Neutral');
    expect(getDayMood(sum('Neutral', 'Sad'), 2)).toBe('Neutral');
    expect(getDayMood(sum('Sad', 'Depressed'), 2)).toBe('Sad');
  });
});
