import { MOOD_COLORS, MOODS } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { DARK_TEXT, getContrastRatio, getReadableTextColor, LIGHT_TEXT } from './color';

describe('getReadableTextColor', () => {
  it('reaches WCAG AA (4.5:1) on every mood colour', () => {
    for (const mood of MOODS) {
      const background = MOOD_COLORS[mood];
      expect(getContrastRatio(background, getReadableTextColor(background))).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('uses white on the dark teal-blue and dark text on the yellow', () => {
    expect(getReadableTextColor(MOOD_COLORS.Ecstatic)).toBe(LIGHT_TEXT);
    expect(getReadableTextColor(MOOD_COLORS.Neutral)).toBe(DARK_TEXT);
    expect(getReadableTextColor(MOOD_COLORS.Depressed)).toBe(DARK_TEXT);
  });

  it('computes the extreme contrast ratio', () => {
    expect(getContrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(() => getContrastRatio('red', '#fff')).toThrow('Not a #RRGGBB colour: red');
  });
});
