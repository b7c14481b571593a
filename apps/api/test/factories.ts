import { getDifficultyTier, toLocalDate, type ChosenMood } from '@wellspring/shared';
import { and, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import {
  diaries,
  goals,
  pushSubscriptions,
  tasks,
  taskTemplates,
  users,
  type backgrounds,
} from '../src/db/schema';
import { createSession } from '../src/modules/auth/session-store';
import { createUserAccount } from '../src/modules/user/create-user';
import type { TestContext } from './app';

export interface TestUser {
  id: string;
  token: string;
  name: string;
  email: string;
  timeZone: string;
}

/** A user with a live session, in one line. */
export async function buildUser(
  ctx: TestContext,
  overrides: Partial<{ name: string; email: string; timeZone: string; hasOnboarded: boolean }> = {},
): Promise<TestUser> {
  const now = ctx.clock.now();
  const name = overrides.name ?? 'Ada Test';
  const email = overrides.email ?? `user-${randomBytes(6).toString('hex')}@example.test`;
  const timeZone = overrides.timeZone ?? 'UTC';
  const user = await ctx.db.transaction((tx) =>
    createUserAccount(tx, { name, email, timeZone }, now),
  );
  if (overrides.hasOnboarded) {
    await ctx.db.update(users).set({ hasOnboarded: true }).where(eq(users.id, user.id));
  }
  const token = await createSession(ctx.db, user.id, now, {
    idleDays: ctx.env.SESSION_IDLE_DAYS,
    absoluteDays: ctx.env.SESSION_ABSOLUTE_DAYS,
  });
  return { id: user.id, token, name, email, timeZone };
}

/** Another live session of the user's (another device), answering its token. */
export async function buildSession(ctx: TestContext, user: TestUser): Promise<string> {
  return createSession(ctx.db, user.id, ctx.clock.now(), {
    idleDays: ctx.env.SESSION_IDLE_DAYS,
    absoluteDays: ctx.env.SESSION_ABSOLUTE_DAYS,
  });
}

/** The endpoints of the user's stored push subscriptions, sorted. */
export async function pushEndpointsOf(ctx: TestContext, userId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((r) => r.endpoint).sort();
}

/** A goal for the user; in progress unless told otherwise. */
export async function buildGoal(
  ctx: TestContext,
  user: TestUser,
  overrides: Partial<{
    target: number;
    earned: number;
    taskCompleted: number;
    status: 'OnProgress' | 'Completed';
    hasClaimedReward: boolean;
    backgroundRewardId: string | null;
  }> = {},
) {
  const target = overrides.target ?? 50_000;
  const status = overrides.status ?? 'OnProgress';
  const now = ctx.clock.now();
  const [goal] = await ctx.db
    .insert(goals)
    .values({
      userId: user.id,
      target,
      tier: getDifficultyTier(target),
      earned: overrides.earned ?? 0,
      taskCompleted: overrides.taskCompleted ?? 0,
      status,
      hasClaimedReward: overrides.hasClaimedReward ?? false,
      backgroundRewardId: overrides.backgroundRewardId ?? null,
      createdAt: now,
      completedAt: status === 'Completed' ? now : null,
    })
    .returning();
  return goal!;
}

/** A completed goal whose points reached its target and won the background, not yet claimed. */
export function buildWonGoal(
  ctx: TestContext,
  user: TestUser,
  reward: { id: string },
  target = 50_000,
) {
  return buildGoal(ctx, user, {
    target,
    earned: target,
    status: 'Completed',
    backgroundRewardId: reward.id,
  });
}

/** A well-formed token that no session has. */
export function unknownToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A catalogue task (the first of the mood, or a random one). */
export async function pickTemplate(ctx: TestContext, mood?: ChosenMood, offset = 0) {
  const [template] = await ctx.db
    .select()
    .from(taskTemplates)
    .where(mood ? eq(taskTemplates.mood, mood) : sql`true`)
    .orderBy(taskTemplates.slug)
    .limit(1)
    .offset(offset);
  return template!;
}

/** An OnGoing (or Completed) task of the user's goal, written directly. */
export async function buildTask(
  ctx: TestContext,
  user: TestUser,
  goalId: string,
  overrides: Partial<{
    mood: ChosenMood;
    offset: number;
    status: 'OnGoing' | 'Completed' | 'Expired';
    createdAt: Date;
  }> = {},
) {
  const template = await pickTemplate(ctx, overrides.mood ?? 'Happy', overrides.offset ?? 0);
  const createdAt = overrides.createdAt ?? ctx.clock.now();
  const status = overrides.status ?? 'OnGoing';
  const [task] = await ctx.db
    .insert(tasks)
    .values({
      userId: user.id,
      goalId,
      templateId: template.id,
      title: template.title,
      description: template.description,
      mood: template.mood,
      points: template.points,
      status,
      createdAt,
      acceptedOn: toLocalDate(createdAt, user.timeZone),
      completedAt: status === 'Completed' ? createdAt : null,
      completedOn: status === 'Completed' ? toLocalDate(createdAt, user.timeZone) : null,
    })
    .returning();
  return task!;
}

/** A diary entry on a given local date. */
export async function buildDiary(
  ctx: TestContext,
  user: TestUser,
  localDate: string,
  content = 'A quiet day.',
) {
  const sealed = ctx.app.diaryVault.seal(user.id, localDate, content);
  const [row] = await ctx.db
    .insert(diaries)
    .values({ userId: user.id, localDate, ...sealed, createdAt: ctx.clock.now() })
    .returning();
  return row!;
}

/** Every row that belongs to a user, for before-and-after comparisons. */
export async function dumpUserRows(ctx: TestContext, userId: string) {
  const {
    sessions,
    userBackgrounds,
    moodEntries,
    passwordCredentials,
    discardedTasks,
    checkIns,
    activities,
    measureResults,
  } = await import('../src/db/schema');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return {
    user,
    goals: await ctx.db.select().from(goals).where(eq(goals.userId, userId)).orderBy(goals.id),
    tasks: await ctx.db.select().from(tasks).where(eq(tasks.userId, userId)).orderBy(tasks.id),
    discardedTasks: await ctx.db
      .select()
      .from(discardedTasks)
      .where(eq(discardedTasks.userId, userId))
      .orderBy(discardedTasks.taskId),
    diaries: await ctx.db
      .select()
      .from(diaries)
      .where(eq(diaries.userId, userId))
      .orderBy(diaries.id),
    moods: await ctx.db.select().from(moodEntries).where(eq(moodEntries.userId, userId)),
    checkIns: await ctx.db
      .select()
      .from(checkIns)
      .where(eq(checkIns.userId, userId))
      .orderBy(checkIns.id),
    activities: await ctx.db
      .select()
      .from(activities)
      .where(eq(activities.userId, userId))
      .orderBy(activities.id),
    measureResults: await ctx.db
      .select()
      .from(measureResults)
      .where(eq(measureResults.userId, userId))
      .orderBy(measureResults.id),
    backgrounds: await ctx.db
      .select()
      .from(userBackgrounds)
      .where(eq(userBackgrounds.userId, userId))
      .orderBy(userBackgrounds.backgroundId),
    sessions: (await ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).map(
      (s) => ({
        id: s.id,
      }),
    ),
    credentials: await ctx.db
      .select()
      .from(passwordCredentials)
      .where(eq(passwordCredentials.userId, userId)),
  };
}

export type BackgroundRow = typeof backgrounds.$inferSelect;

/** The backgrounds of a tier. */
export async function backgroundsOfTier(
  ctx: TestContext,
  tier: 1 | 2 | 3,
): Promise<BackgroundRow[]> {
  const { backgrounds: table } = await import('../src/db/schema');
  return ctx.db
    .select()
    .from(table)
    .where(and(eq(table.tier, tier)))
    .orderBy(table.slug);
}
