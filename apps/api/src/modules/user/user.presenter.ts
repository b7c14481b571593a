import type { Mood, User } from '@wellspring/shared';
import { toPublicUrlOrNull } from '../../lib/public-url';
import type { UserRow } from './user.repository';

/** How this server shows a user: from its settings, the same for every request. */
export interface UserViewSettings {
  /** EMAIL_VERIFICATION: false when the server does not verify emails. */
  emailVerification: boolean;
  /** PUBLIC_URL: every URL in the answer is absolute, on it. */
  publicUrl: string;
}

/** Shapes a user row for its owner: only the fields of the contract, nothing else. */
export function presentUser(
  row: UserRow,
  derived: {
    diaryStreak: number;
    /** Rest days the streak used this calendar month. */
    diaryStreakRestDays: number;
    /** The selected background's path, as the backgrounds table keeps it. */
    selectedBackgroundPath: string | null;
  },
  settings: UserViewSettings,
): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    pictureURL: toPublicUrlOrNull(settings.publicUrl, row.pictureUrl),
    hasOnboarded: row.hasOnboarded,
    mood: row.mood as Mood,
    hasSetMoodToday: row.hasSetMoodToday,
    unannouncedExpiredTaskCount: row.unannouncedExpiredTaskCount,
    diaryStreak: derived.diaryStreak,
    diaryStreakRestDays: derived.diaryStreakRestDays,
    selectedBackgroundURL: toPublicUrlOrNull(settings.publicUrl, derived.selectedBackgroundPath),
    timeZone: row.timeZone,
    // Accounts made by a sign-in provider carry the mark from the start (user.emailVerifiedAt).
    emailVerified: row.emailVerifiedAt ? true : settings.emailVerification ? false : null,
  };
}
