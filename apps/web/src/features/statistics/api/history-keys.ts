/** Query keys of the statistics feature, general to specific. */
export const historyKeys = {
  all: ['history'] as const,
  summary: (userId: string) => ['history', 'summary', userId] as const,
  days: (userId: string, range: { startDate: number; endDate: number }) =>
    ['history', 'days', userId, range] as const,
};
