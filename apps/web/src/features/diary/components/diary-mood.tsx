import type { DiaryEntry } from '@wellspring/shared';
import { MoodBadge } from '@/components/ui/mood-badge';

/**
 * The mood of an entry's day as the app's mood badge, read as "Mood: Happy" by a screen reader
 * (the name shows, never the colour alone); nothing on a day without a mood.
 */
export function DiaryMood({
  mood,
  className,
}: {
  mood: DiaryEntry['mood'] | undefined;
  className?: string;
}) {
  if (!mood) return null;
  return (
    // The spaces around keep it a word of its own in a card's name ("May 3, 2024 Mood: Happy …").
    <span className={className}>
      {' '}
      <span className="sr-only">Mood: </span>
      <MoodBadge mood={mood} />{' '}
    </span>
  );
}
