/** The viewport breakpoints of SPEC.md section 2, in pixels (min-width), smallest first. */
export const BREAKPOINTS = {
  sm: 450,
  md: 600,
  lg: 900,
  xl: 1200,
  '2xl': 1400,
  '3xl': 1500,
} as const;

export type BreakpointName = keyof typeof BREAKPOINTS;
/** `base` is anything narrower than sm. */
export type Breakpoint = 'base' | BreakpointName;

const ORDER = Object.entries(BREAKPOINTS) as [BreakpointName, number][];

/** The media query that is true from a breakpoint up. */
export function minWidthQuery(name: BreakpointName): string {
  return `(min-width: ${BREAKPOINTS[name]}px)`;
}

/** The widest breakpoint a viewport width reaches. */
export function getBreakpoint(width: number): Breakpoint {
  let current: Breakpoint = 'base';
  for (const [name, min] of ORDER) if (width >= min) current = name;
  return current;
}

/** SPEC.md: wide means a viewport of size 2xl or 3xl. */
export function isWideBreakpoint(breakpoint: Breakpoint): boolean {
  return breakpoint === '2xl' || breakpoint === '3xl';
}

/** The wide navigation bar shows above this width; at or below it, the floating menu. */
export const WIDE_NAV_MIN_WIDTH = BREAKPOINTS.xl + 1;
export const WIDE_NAV_QUERY = `(min-width: ${WIDE_NAV_MIN_WIDTH}px)`;
