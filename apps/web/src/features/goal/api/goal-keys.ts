/** Query keys of the goal feature, general to specific. */
export const goalKeys = {
  all: ['goals'] as const,
  current: (userId: string) => ['goals', 'current', userId] as const,
  list: (userId: string) => ['goals', 'all', userId] as const,
};
