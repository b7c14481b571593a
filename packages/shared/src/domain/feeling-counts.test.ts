import { describe, expect, it } from 'vitest';
import { countFeelings } from './feeling-counts';

describe('countFeelings', () => {
  it('counts check-ins and days for each word, most check-ins first', () => {
    const counts = countFeelings([
      { day: '2026-03-01', feelings: ['calm', 'tired'] },
      { day: '2026-03-01', feelings: ['tired'] },
      { day: '2026-03-02', feelings: ['tired', 'hopeful'] },
      { day: '2026-03-03', feelings: [] },
    ]);
    expect(counts).toEqual([
      { word: 'tired', checkIns: 3, days: 2 },
      { word: 'calm', checkIns: 1, days: 1 },
      { word: 'hopeful', checkIns: 1, days: 1 },
    ]);
  });

  it('breaks a tie of check-ins by days, then A to Z, whatever the rows’ order', () => {
    const rows = [
      { day: '2026-03-01', feelings: ['proud'] },
      { day: '2026-03-01', feelings: ['proud'] },
      { day: '2026-03-01', feelings: ['calm'] },
      { day: '2026-03-02', feelings: ['calm'] },
      { day: '2026-03-03', feelings: ['anxious', 'joyful'] },
    ];
    const words = ['calm', 'proud', 'anxious', 'joyful'];
    expect(countFeelings(rows).map((c) => c.word)).toEqual(words);
    expect(countFeelings([...rows].reverse()).map((c) => c.word)).toEqual(words);
  });

  it('counts a word named twice on one check-in once', () => {
    expect(countFeelings([{ day: '2026-03-01', feelings: ['calm', 'calm'] }])).toEqual([
      { word: 'calm', checkIns: 1, days: 1 },
    ]);
  });
});
