import {
  getDifficultyTier,
  GOAL_TARGET_MAX,
  GOAL_TARGET_MIN,
  GOAL_TARGET_STEP,
  TIER_LABELS,
} from '@wellspring/shared';
import { Slider } from '@/components/ui/slider';
import { cn } from '@/lib/cn';
import { formatNumber, formatSpokenNumber } from '@/lib/format';

/** 'Tier I · Easy' for a target on the slider. */
export function getTierText(target: number): string {
  const tier = TIER_LABELS[getDifficultyTier(target)];
  return `${tier.roman} · ${tier.name}`;
}

/**
 * 'Tier 2, Medium': the tier as a voice reads it right (roman numerals are often spelled out
 * letter by letter, the middle dot read as a word).
 */
export function getSpokenTierText(target: number): string {
  const tier = getDifficultyTier(target);
  return `Tier ${tier}, ${TIER_LABELS[tier].name}`;
}

/** '200,000 points, Tier 2, Medium': the slider's aria-valuetext. */
export function getGoalTargetValueText(target: number): string {
  const points = `${formatSpokenNumber(target)} points`;
  return target >= GOAL_TARGET_MIN ? `${points}, ${getSpokenTierText(target)}` : points;
}

/**
 * The points goal of SPEC.md section 5 (50,000 to 500,000 in steps of 50,000): the target in
 * large figures with its difficulty tier, over the app's slider. The same in onboarding, in
 * Change target and in Start A New Goal; `size` only scales the figures.
 */
export function GoalTargetSlider({
  value,
  onChange,
  label = 'Points goal',
  size = 'md',
  disabled = false,
  className,
}: {
  value: number;
  onChange: (value: number) => void;
  label?: string;
  size?: 'md' | 'lg';
  disabled?: boolean;
  className?: string;
}) {
  const tierText = value >= GOAL_TARGET_MIN ? getTierText(value) : '';
  return (
    <div className={cn('flex flex-col', size === 'lg' ? 'gap-5' : 'gap-3', className)}>
      {/* The slider's aria-valuetext says all of this; the figures are for the eye. */}
      <div
        className={cn(
          'flex flex-col items-center gap-1.5 rounded-2xl bg-surface px-4 text-center',
          size === 'lg' ? 'py-6' : 'py-4',
        )}
        aria-hidden
      >
        <p
          className={cn(
            'font-bold tracking-tight text-ink tabular-nums',
            size === 'lg' ? 'text-4xl sm:text-5xl' : 'text-3xl',
          )}
        >
          {formatNumber(value)}
        </p>
        <span className="text-sm font-medium text-ink-soft">wellness points</span>
        {tierText && (
          <span className="mt-1 rounded-full bg-card px-3 py-1 text-xs font-semibold text-brand-violet shadow-xs">
            {tierText}
          </span>
        )}
      </div>
      <Slider
        label={label}
        value={value}
        min={GOAL_TARGET_MIN}
        max={GOAL_TARGET_MAX}
        step={GOAL_TARGET_STEP}
        onChange={onChange}
        disabled={disabled}
        valueText={getGoalTargetValueText(value)}
        minLabel={formatNumber(GOAL_TARGET_MIN)}
        maxLabel={formatNumber(GOAL_TARGET_MAX)}
      />
    </div>
  );
}
