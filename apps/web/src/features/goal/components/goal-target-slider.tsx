import {
  getDifficultyTier,
  GOAL_TARGET_MAX,
  GOAL_TARGET_MIN,
  GOAL_TARGET_STEP,
  TIER_LABELS,
} from '@wellspring/shared';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

/** 'Tier I · Easy' for a target on the slider. */
export function getTierText(target: number): string {
  const tier = TIER_LABELS[getDifficultyTier(target)];
  return `${tier.roman} · ${tier.name}`;
}

/** The goal slider of SPEC.md section 5: 50,000 to 500,000 in steps of 50,000. */
export function GoalTargetSlider({
  value,
  onChange,
  label = 'Points goal',
  disabled = false,
  className,
}: {
  value: number;
  onChange: (value: number) => void;
  label?: string;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const tierText = value >= GOAL_TARGET_MIN ? getTierText(value) : '';
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div className="flex items-end justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink-soft">
          {label}
        </label>
        {tierText && (
          <span className="rounded-full bg-surface px-2.5 py-1 text-xs font-semibold text-brand-violet">
            {tierText}
          </span>
        )}
      </div>
      <p className="text-3xl font-bold tracking-tight text-ink tabular-nums" aria-hidden>
        {formatNumber(value)}
        <span className="ml-1.5 text-base font-semibold text-ink-muted">points</span>
      </p>
      <input
        id={id}
        type="range"
        min={GOAL_TARGET_MIN}
        max={GOAL_TARGET_MAX}
        step={GOAL_TARGET_STEP}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-valuetext={`${formatNumber(value)} points${tierText ? `, ${tierText}` : ''}`}
        className="h-6 w-full cursor-pointer accent-brand-violet disabled:cursor-not-allowed"
      />
      <div className="flex justify-between text-xs font-medium text-ink-muted" aria-hidden>
        <span>{formatNumber(GOAL_TARGET_MIN)}</span>
        <span>{formatNumber(GOAL_TARGET_MAX)}</span>
      </div>
    </div>
  );
}
