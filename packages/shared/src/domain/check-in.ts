import { MOOD_SCALE, moodLevel } from './insights';
import type { ChosenMood } from './mood';

/** The most check-ins one local day holds (decision 073). */
export const CHECK_INS_PER_DAY_MAX = 20;
/** How far back a check-in taken offline may be sent with its own moment (as the diary's 057). */
export const CHECK_IN_TAKEN_AT_MAX_AGE_MS = 48 * 3_600_000;
/** A check-in's note is short: a line or two beside the mood (the diary holds the long text). */
export const CHECK_IN_NOTE_MAX = 500;

/**
 * The mood of a day from its check-ins: the mean of their levels (1..5), rounded to the nearest
 * mood, a tie going toward Neutral (decision 073). Null for a day without check-ins.
 */
export function getDayMood(levelSum: number, count: number): ChosenMood | null {
  if (count <= 0) return null;
  const mean = levelSum / count;
  // 3.5 and 2.5 are Neutral, 4.5 Happy, 1.5 Sad.
  const level = mean > 3 ? Math.ceil(mean - 0.5) : Math.floor(mean + 0.5);
  return MOOD_SCALE[level - 1]!;
}

/** The level of a chosen mood, 1 (Depressed) to 5 (Ecstatic). */
export function levelOfMood(mood: ChosenMood): number {
  return moodLevel(mood)!;
}
