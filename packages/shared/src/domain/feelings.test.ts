import { describe, expect, it } from 'vitest';
import {
  FEELING_QUADRANTS,
  FEELING_WORDS,
  FEELINGS,
  FEELINGS_PER_CHECK_IN,
  feelingsForMood,
  findFeeling,
  isFeeling,
  moodOfFeeling,
  moodOfQuadrant,
} from './feelings';
import { MOODS } from './mood';

describe('the feelings vocabulary', () => {
  it('names the four quadrants of the mood meter, pleasant first', () => {
    expect(FEELING_QUADRANTS).toEqual([
      'high-pleasant',
      'low-pleasant',
      'high-unpleasant',
      'low-unpleasant',
    ]);
  });

  it('holds 40 to 60 unique lowercase words, 12 a quadrant', () => {
    expect(FEELINGS.length).toBeGreaterThanOrEqual(40);
    expect(FEELINGS.length).toBeLessThanOrEqual(60);
    expect(new Set(FEELINGS).size).toBe(FEELINGS.length);
    for (const word of FEELINGS) expect(word).toMatch(/^[a-z]{1,20}$/);
    for (const quadrant of FEELING_QUADRANTS) {
      expect(FEELING_WORDS.filter((f) => f.quadrant === quadrant)).toHaveLength(12);
    }
  });

  it('groups the words by quadrant in the quadrants’ order, and lists them alone in that order', () => {
    const order = FEELING_WORDS.map((f) => FEELING_QUADRANTS.indexOf(f.quadrant));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(FEELINGS).toEqual(FEELING_WORDS.map((f) => f.word));
  });

  it('ties every word to at least one mood, and every mood to at least 8 words', () => {
    for (const f of FEELING_WORDS) {
      expect(f.moods.length).toBeGreaterThan(0);
      expect(new Set(f.moods).size).toBe(f.moods.length);
      for (const mood of f.moods) expect(MOODS).toContain(mood);
    }
    for (const mood of MOODS) expect(feelingsForMood(mood).length).toBeGreaterThanOrEqual(8);
  });

  it('never ties a pleasant word to Sad or Depressed, nor an unpleasant word to Happy or Ecstatic', () => {
    for (const f of FEELING_WORDS) {
      const banned = f.quadrant.endsWith('-unpleasant')
        ? ['Ecstatic', 'Happy']
        : ['Sad', 'Depressed'];
      for (const mood of f.moods) expect(banned).not.toContain(mood);
    }
  });

  it('knows its words and nothing else', () => {
    expect(isFeeling('calm')).toBe(true);
    for (const word of FEELINGS) expect(isFeeling(word)).toBe(true);
    for (const value of ['Happy', '', 'calm ', 'Calm', 42, null, undefined, {}])
      expect(isFeeling(value)).toBe(false);
  });

  it('finds a word’s entry, and nothing for a word outside the vocabulary', () => {
    expect(findFeeling('anxious')).toEqual({
      word: 'anxious',
      quadrant: 'high-unpleasant',
      moods: ['Neutral', 'Sad'],
    });
    expect(findFeeling('panicked')?.moods).toEqual(['Sad', 'Depressed']);
    expect(findFeeling('tired')?.moods).toContain('Neutral');
    expect(findFeeling('bored')?.moods).toContain('Neutral');
    expect(findFeeling('hungry')).toBeUndefined();
    expect(findFeeling('Calm')).toBeUndefined();
  });

  it('offers the words that fit a mood, in the vocabulary’s order', () => {
    const sad = feelingsForMood('Sad');
    expect(sad.every((f) => f.moods.includes('Sad'))).toBe(true);
    expect(sad).toEqual(FEELING_WORDS.filter((f) => sad.includes(f)));
    expect(sad.map((f) => f.word)).toContain('anxious');
    expect(feelingsForMood('Ecstatic').map((f) => f.word)).toContain('excited');
  });

  it('offers no pleasant, energetic word for a Depressed mood', () => {
    expect(feelingsForMood('Depressed').some((f) => f.quadrant === 'high-pleasant')).toBe(false);
  });

  it('points each quadrant to a mood: pleasant to Happy, unpleasant to Sad', () => {
    expect(moodOfQuadrant('high-pleasant')).toBe('Happy');
    expect(moodOfQuadrant('low-pleasant')).toBe('Happy');
    expect(moodOfQuadrant('high-unpleasant')).toBe('Sad');
    expect(moodOfQuadrant('low-unpleasant')).toBe('Sad');
  });

  it('points each word to a mood through its quadrant', () => {
    expect(moodOfFeeling('excited')).toBe('Happy');
    expect(moodOfFeeling('calm')).toBe('Happy');
    expect(moodOfFeeling('anxious')).toBe('Sad');
    expect(moodOfFeeling('tired')).toBe('Sad');
    for (const f of FEELING_WORDS) expect(moodOfFeeling(f.word)).toBe(moodOfQuadrant(f.quadrant));
    expect(moodOfFeeling('hungry')).toBeUndefined();
    expect(moodOfFeeling('')).toBeUndefined();
  });

  it('lets one check-in carry at most 10 words', () => {
    expect(FEELINGS_PER_CHECK_IN).toBe(10);
  });
});
