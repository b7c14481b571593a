import {
  getDifficultyTier,
  GOAL_TARGET_MAX,
  GOAL_TARGET_MIN,
  GOAL_TARGET_STEP,
  TIER_LABELS,
} from '@wellspring/shared';
import { useId } from 'react';
import { formatNumber } from '@/lib/format';

/** Tailwind finds classes by their literal text, so the thumb's are written out for each engine. */
const SLIDER_CLASSES = [
  'my-3 h-2 w-full cursor-pointer appearance-none rounded-full',
  '[&::-webkit-slider-thumb]:size-7 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-4 [&::-webkit-slider-thumb]:border-brand-violet [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow-button',
  '[&::-moz-range-thumb]:size-6 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-4 [&::-moz-range-thumb]:border-brand-violet [&::-moz-range-thumb]:bg-white [&::-moz-range-thumb]:shadow-button',
].join(' ');

/** The points goal: 50.000 to 500.000 in steps of 50.000, with its difficulty tier. */
export function GoalTargetSlider({
  value,
  onChange,
}: {
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const tier = TIER_LABELS[getDifficultyTier(value)];
  const percent = ((value - GOAL_TARGET_MIN) / (GOAL_TARGET_MAX - GOAL_TARGET_MIN)) * 100;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col items-center gap-1.5 rounded-2xl bg-surface px-4 py-6 text-center">
        <output
          htmlFor={id}
          className="text-4xl font-bold tracking-tight text-ink tabular-nums sm:text-5xl"
        >
          {formatNumber(value)}
        </output>
        <span className="text-sm font-medium text-ink-soft">wellness points</span>
        <span className="mt-1 rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-violet shadow-xs">
          {tier.roman} · {tier.name}
        </span>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          Your points goal
        </label>
        <input
          id={id}
          type="range"
          min={GOAL_TARGET_MIN}
          max={GOAL_TARGET_MAX}
          step={GOAL_TARGET_STEP}
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
          aria-valuetext={`${formatNumber(value)} points`}
          className={SLIDER_CLASSES}
          style={{
            background: `linear-gradient(90deg, #5B4BDB ${percent}%, #E6E2F0 ${percent}%)`,
          }}
        />
        <div className="flex justify-between text-xs font-medium text-ink-muted" aria-hidden>
          <span>{formatNumber(GOAL_TARGET_MIN)}</span>
          <span>{formatNumber(GOAL_TARGET_MAX)}</span>
        </div>
      </div>
    </div>
  );
}
