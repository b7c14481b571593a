/** The five moods a user can name, strongest to lowest. */
export const MOODS = ['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed'] as const;

/** A mood a user can pick. */
export type ChosenMood = (typeof MOODS)[number];

/** A mood value as stored: one of MOODS, or Unknown for "none yet". */
export type Mood = ChosenMood | 'Unknown';

export const MOOD_VALUES = [...MOODS, 'Unknown'] as const;

/** The brand colour of each mood (PRODUCT.md section 8). */
export const MOOD_COLORS: Record<ChosenMood, string> = {
  Ecstatic: '#1F6F8B',
  Happy: '#2BB39A',
  Neutral: '#F2C94C',
  Sad: '#F2994A',
  Depressed: '#EB5A3C',
};

/** True when the value names one of the five moods (Unknown is not a chosen mood). */
export function isChosenMood(value: unknown): value is ChosenMood {
  return (MOODS as readonly unknown[]).includes(value);
}
