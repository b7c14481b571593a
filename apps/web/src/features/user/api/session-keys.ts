/** Query keys of the user's signed-in sessions. */
export const sessionKeys = {
  all: ['sessions'] as const,
  list: () => ['sessions', 'list'] as const,
};
