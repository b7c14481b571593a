import { useId } from 'react';
import { cn } from '@/lib/cn';
import { formatSpokenNumber } from '@/lib/format';

/** Tailwind finds classes by their literal text, so the thumb's are written out for each engine. */
const INPUT_CLASSES = [
  'h-2 w-full cursor-pointer appearance-none rounded-full disabled:cursor-not-allowed disabled:opacity-60',
  '[&::-webkit-slider-thumb]:size-7 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-4 [&::-webkit-slider-thumb]:border-brand-violet [&::-webkit-slider-thumb]:bg-card [&::-webkit-slider-thumb]:shadow-button',
  '[&::-moz-range-thumb]:size-6 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-4 [&::-moz-range-thumb]:border-brand-violet [&::-moz-range-thumb]:bg-card [&::-moz-range-thumb]:shadow-button',
].join(' ');

/** The filled part of the track in the brand violet, the rest in the line colour. */
const FILLED = '#5B4BDB';
const EMPTY = 'var(--color-line)';

/**
 * The app's one slider: a labelled range input with a filled track and a round thumb, and the
 * bounds written under it. What the value means is told by `valueText` (aria-valuetext); without
 * one, the value is read as an English voice reads numbers ('200,000', not the German '200.000').
 */
export function Slider({
  label,
  value,
  min,
  max,
  step,
  onChange,
  valueText,
  minLabel = String(min),
  maxLabel = String(max),
  disabled = false,
  id,
  className,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  valueText?: string;
  minLabel?: string;
  maxLabel?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
}) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const percent = max > min ? ((Math.min(Math.max(value, min), max) - min) / (max - min)) * 100 : 0;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={inputId}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-valuetext={valueText ?? formatSpokenNumber(value)}
        className={cn('my-3', INPUT_CLASSES)}
        style={{
          background: `linear-gradient(90deg, ${FILLED} ${percent}%, ${EMPTY} ${percent}%)`,
        }}
      />
      <div className="flex justify-between text-xs font-medium text-ink-muted" aria-hidden>
        <span>{minLabel}</span>
        <span>{maxLabel}</span>
      </div>
    </div>
  );
}
