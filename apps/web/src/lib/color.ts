/** Dark text used on light colours. */
export const DARK_TEXT = '#1B1833';
export const LIGHT_TEXT = '#FFFFFF';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #RRGGBB colour. */
export function getLuminance(hex: string): number {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`Not a #RRGGBB colour: ${hex}`);
  const n = Number.parseInt(match[1]!, 16);
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

/** WCAG contrast ratio of two colours, from 1 to 21. */
export function getContrastRatio(a: string, b: string): number {
  const [hi, lo] = [getLuminance(a), getLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White text where it reaches WCAG AA (4.5:1) on the colour, dark text otherwise. */
export function getReadableTextColor(background: string): string {
  return getContrastRatio(background, LIGHT_TEXT) >= 4.5 ? LIGHT_TEXT : DARK_TEXT;
}
