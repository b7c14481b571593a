/** Query keys of the user's signed-in sessions and sign-in methods. */
export const sessionKeys = {
  all: ['sessions'] as const,
  list: () => ['sessions', 'list'] as const,
  /** Whether the account has a password at all. */
  password: () => ['sessions', 'password'] as const,
};
