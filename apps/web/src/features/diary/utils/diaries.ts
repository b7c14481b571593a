import { DIARY_MAX_LENGTH, type Diary } from '@wellspring/shared';

/** Today's entry, if there is one (dates are the user's local days, 'YYYY-MM-DD'). */
export function findTodayDiary<T extends Diary>(diaries: readonly T[] | undefined, today: string) {
  return diaries?.find((diary) => diary.date === today);
}

/** SPEC.md section 5: selecting a diary id that is not in the list is an error. */
export function getDiaryById<T extends Diary>(diaries: readonly T[], id: string): T {
  const diary = diaries.find((d) => d.id === id);
  if (!diary) throw new Error(`Diary with the id of ${id} does not exist`);
  return diary;
}

/** SPEC.md section 4: the post-diary panel's steps run from 0 to 2, clamped at both ends. */
export const POST_DIARY_FIRST_STEP = 0;
export const POST_DIARY_LAST_STEP = 2;

export function clampPostDiaryStep(step: number): number {
  return Math.min(Math.max(step, POST_DIARY_FIRST_STEP), POST_DIARY_LAST_STEP);
}

/** The length the API checks: the text without the blanks around it. */
export function getDiaryLength(content: string): number {
  return content.trim().length;
}

/** The counter shows from 90% of the limit on (decision 022). */
export const DIARY_COUNTER_FROM = Math.floor(DIARY_MAX_LENGTH * 0.9);

export function isDiaryTooLong(content: string): boolean {
  return getDiaryLength(content) > DIARY_MAX_LENGTH;
}
