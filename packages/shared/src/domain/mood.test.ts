import { describe, expect, it } from 'vitest';
import { isChosenMood, MOOD_COLORS, MOOD_VALUES, MOODS } from './mood';

describe('moods', () => {
  it('names exactly the five moods of SPEC.md, strongest to lowest, plus Unknown as a value', () => {
    expect(MOODS).toEqual(['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed']);
    expect(MOOD_VALUES).toEqual(['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed', 'Unknown']);
  });

  it('gives every chosen mood its brand colour', () => {
    expect(MOOD_COLORS).toEqual({
      Ecstatic: '#1F6F8B',
      Happy: '#2BB39A',
      Neutral: '#F2C94C',
      Sad: '#F2994A',
      Depressed: '#EB5A3C',
    });
  });

  it.each(MOODS)('treats %s as a chosen mood', (mood) => {
    expect(isChosenMood(mood)).toBe(true);
  });

  it.each([['Unknown'], ['happy'], ['HAPPY'], [' Happy'], [''], [null], [undefined], [3], [{}]])(
    'does not treat %j as a chosen mood',
    (value) => {
      expect(isChosenMood(value)).toBe(false);
    },
  );
});
