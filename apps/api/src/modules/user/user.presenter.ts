import type { Mood, User } from '@wellspring/shared';
import type { users } from '../../db/schema';

/** Shapes a user row for its owner: only the fields of the contract, nothing else. */
export function presentUser(
  row: typeof users.$inferSelect,
  derived: {
    diaryStreak: number;
    selectedBackgroundURL: string | null;
    /** EMAIL_VERIFICATION: false when the server does not verify emails. */
    emailVerification: boolean;
  },
): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    pictureURL: row.pictureUrl,
    hasOnboarded: row.hasOnboarded,
    mood: row.mood as Mood,
    hasSetMoodToday: row.hasSetMoodToday,
    unannouncedExpiredTaskCount: row.unannouncedExpiredTaskCount,
    diaryStreak: derived.diaryStreak,
    selectedBackgroundURL: derived.selectedBackgroundURL,
    timeZone: row.timeZone,
    // Accounts made by a sign-in provider carry the mark from the start (user.emailVerifiedAt).
    emailVerified: row.emailVerifiedAt ? true : derived.emailVerification ? false : null,
  };
}
