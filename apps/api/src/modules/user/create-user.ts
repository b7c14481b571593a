import { toLocalDate } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { backgrounds, userBackgrounds, users } from '../../db/schema';
import { DEFAULT_BACKGROUND_SLUG } from '../../db/seed';

export interface NewAccount {
  name: string;
  email: string;
  pictureUrl?: string | null;
  timeZone?: string | undefined;
  /** Set for an account made by a sign-in provider that verified the email. */
  emailVerifiedAt?: Date | null;
}

/** Creates a user with mood Unknown and the default tier I background owned and selected. */
export async function createUserAccount(tx: Transaction, account: NewAccount, now: Date) {
  const timeZone = account.timeZone ?? 'UTC';
  const [defaultBackground] = await tx
    .select({ id: backgrounds.id })
    .from(backgrounds)
    .where(eq(backgrounds.slug, DEFAULT_BACKGROUND_SLUG));
  const [user] = await tx
    .insert(users)
    .values({
      name: account.name,
      email: account.email,
      pictureUrl: account.pictureUrl ?? null,
      timeZone,
      emailVerifiedAt: account.emailVerifiedAt ?? null,
      selectedBackgroundId: defaultBackground?.id ?? null,
      lastActiveDate: toLocalDate(now, timeZone),
      createdAt: now,
    })
    .returning();
  if (defaultBackground) {
    await tx
      .insert(userBackgrounds)
      .values({ userId: user!.id, backgroundId: defaultBackground.id, acquiredAt: now });
  }
  return user!;
}
