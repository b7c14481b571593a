import { MOOD_COLORS, MOODS, type ChosenMood, type Mood } from '@wellspring/shared';
import { Check } from 'lucide-react';
import { getReadableTextColor } from '@/lib/color';
import { cn } from '@/lib/cn';
import { MOOD_ICONS } from './mood-icons';

interface MoodPickerProps {
  /** The chosen mood; Unknown when none is. */
  value: Mood;
  onChange: (mood: Mood) => void;
  /** The group's accessible name. */
  label: string;
  /** When true, clicking the chosen mood clears it (Unknown); otherwise it stays chosen. */
  allowDeselect?: boolean;
  size?: 'md' | 'lg';
  disabled?: boolean;
  className?: string;
}

/**
 * The five moods as coloured circles, each with its name; the chosen one is pressed and ringed.
 * The face on each circle takes dark or white by WCAG AA contrast on its colour.
 */
export function MoodPicker({
  value,
  onChange,
  label,
  allowDeselect = false,
  size = 'md',
  disabled = false,
  className,
}: MoodPickerProps) {
  const choose = (mood: ChosenMood) => {
    if (value === mood) {
      if (allowDeselect) onChange('Unknown');
      return;
    }
    onChange(mood);
  };

  // Five in a row where they fit with their names whole; otherwise three, then two centred.
  return (
    <div className={cn('@container', className)}>
      <div
        role="group"
        aria-label={label}
        className="grid grid-cols-6 gap-x-1 gap-y-2 @min-[20rem]:grid-cols-5 @min-[26rem]:gap-x-2"
      >
        {MOODS.map((mood) => {
          const isChosen = value === mood;
          const color = MOOD_COLORS[mood];
          const Icon = MOOD_ICONS[mood];
          return (
            <button
              key={mood}
              type="button"
              aria-pressed={isChosen}
              disabled={disabled}
              onClick={() => choose(mood)}
              className={cn(
                'group col-span-2 flex min-w-0 flex-col items-center gap-2 rounded-2xl px-0.5 py-2 transition nth-4:col-start-2 hover:bg-surface disabled:cursor-not-allowed disabled:opacity-60 @min-[20rem]:col-span-1 @min-[20rem]:nth-4:col-start-auto',
                isChosen && 'bg-surface',
              )}
            >
              <span
                className={cn(
                  'relative flex items-center justify-center rounded-full transition duration-200 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100',
                  size === 'lg' ? 'size-14 @min-[30rem]:size-16' : 'size-12',
                  isChosen && 'scale-105',
                )}
                style={{
                  backgroundColor: color,
                  color: getReadableTextColor(color),
                  boxShadow: isChosen
                    ? `0 0 0 3px #fff, 0 0 0 6px ${color}, 0 10px 20px -8px ${color}`
                    : `0 6px 14px -8px ${color}`,
                }}
              >
                <Icon
                  className={size === 'lg' ? 'size-7 @min-[30rem]:size-8' : 'size-6'}
                  aria-hidden
                />
                {isChosen && (
                  <span className="absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full bg-ink text-white ring-2 ring-white">
                    <Check className="size-3" strokeWidth={3} aria-hidden />
                  </span>
                )}
              </span>
              <span
                className={cn(
                  'text-xs whitespace-nowrap @min-[26rem]:text-sm',
                  isChosen ? 'font-semibold text-ink' : 'font-medium text-ink-soft',
                )}
              >
                {mood}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
