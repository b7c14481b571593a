/** Query keys of the collections feature; the goal feature refreshes ['backgrounds'] after a claim. */
export const backgroundKeys = {
  all: ['backgrounds'] as const,
  catalogue: () => ['backgrounds', 'catalogue'] as const,
  owned: (userId: string) => ['backgrounds', 'owned', userId] as const,
};
