import { MOOD_COLORS, type ChosenMood } from '@wellspring/shared';
import { cn } from '@/lib/cn';

/** A task's mood as a coloured dot; the mood is named for screen readers (never colour alone). */
export function MoodDot({
  mood,
  showLabel = false,
  className,
}: {
  mood: ChosenMood;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <span
        aria-hidden
        className="size-2.5 shrink-0 rounded-full ring-2 ring-white"
        style={{ backgroundColor: MOOD_COLORS[mood] }}
        data-mood={mood}
      />
      <span className={showLabel ? 'text-xs font-medium text-ink-muted' : 'sr-only'}>
        {showLabel ? mood : `Mood: ${mood}`}
      </span>
    </span>
  );
}
