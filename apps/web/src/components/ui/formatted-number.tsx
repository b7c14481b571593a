import { formatNumber, formatSpokenNumber } from '@/lib/format';

/** Short units on screen, said in full: a voice reads 'pts' letter by letter or not at all. */
const SPOKEN_UNITS: Record<string, string> = {
  pts: 'points',
};

/**
 * A number as SPEC.md shows it, in German format ('200.000'), and as an English voice reads it
 * right ('200,000'; 'two hundred point zero zero zero' otherwise): the visible text is hidden
 * from screen readers and a visually hidden en-US twin stands in for it. `unit` follows the
 * number ('2.500 pts' on screen, '2,500 points' read aloud). For a string (aria-label,
 * aria-valuetext) use `formatSpokenNumber`.
 */
export function FormattedNumber({
  value,
  unit,
  prefix = '',
  className,
}: {
  value: number;
  unit?: string;
  /** Written before the number on screen and read before it too, e.g. '+'. */
  prefix?: string;
  className?: string;
}) {
  const shown = `${prefix}${formatNumber(value)}${unit ? ` ${unit}` : ''}`;
  const spokenUnit = unit ? ` ${SPOKEN_UNITS[unit] ?? unit}` : '';
  const spoken = `${prefix}${formatSpokenNumber(value)}${spokenUnit}`;
  // Below a thousand both forms are the same: one text serves eye and ear.
  if (shown === spoken) return <span className={className}>{shown}</span>;
  return (
    <span className={className}>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{spoken}</span>
    </span>
  );
}
