import { MOOD_COLORS, type ChosenMood } from '@wellspring/shared';
import { getReadableTextColor } from '@/lib/color';
import { cn } from '@/lib/cn';

/** A mood as a coloured pill with its name (never colour alone), text at WCAG AA contrast. */
export function MoodBadge({
  mood,
  size = 'sm',
  className,
}: {
  mood: ChosenMood;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const background = MOOD_COLORS[mood];
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full font-semibold',
        size === 'md' ? 'px-3.5 py-1.5 text-sm' : 'px-3 py-1 text-xs',
        className,
      )}
      style={{ backgroundColor: background, color: getReadableTextColor(background) }}
    >
      {mood}
    </span>
  );
}
