/** Query keys of the diary feature, general to specific. */
export const diaryKeys = {
  all: ['diaries'] as const,
  list: (userId: string) => ['diaries', 'list', userId] as const,
};
