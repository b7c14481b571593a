import { describe, expect, it } from 'vitest';
import { evaluateMediaQuery } from '@/test/media';
import { getBreakpoint, isWideBreakpoint, WIDE_NAV_QUERY } from './breakpoints';

describe('breakpoints', () => {
  it.each([
    [360, 'base'],
    [449, 'base'],
    [450, 'sm'],
    [599, 'sm'],
    [600, 'md'],
    [900, 'lg'],
    [1199, 'lg'],
    [1200, 'xl'],
    [1399, 'xl'],
    [1400, '2xl'],
    [1499, '2xl'],
    [1500, '3xl'],
    [2560, '3xl'],
  ] as const)('%i px is %s', (width, name) => {
    expect(getBreakpoint(width)).toBe(name);
  });

  it('calls 2xl and 3xl wide', () => {
    expect(
      ['base', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'].map((b) => isWideBreakpoint(b as never)),
    ).toEqual([false, false, false, false, false, true, true]);
  });

  it.each([
    [1199, false],
    [1200, false],
    [1201, true],
    [1920, true],
  ])('shows the wide navigation at %i px: %s (above 1200 px only)', (width, isWide) => {
    expect(evaluateMediaQuery(WIDE_NAV_QUERY, width)).toBe(isWide);
  });
});
