/**
 * The world each route is fuzzed in: a subject and a victim with sessions, goals, tasks, diaries
 * and backgrounds.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import {
  emailTokens,
  goals,
  passwordCredentials,
  sessions,
  taskTemplates,
  userBackgrounds,
} from '../../src/db/schema';
import { generateToken, hashToken } from '../../src/lib/tokens';
import { createSession } from '../../src/modules/auth/session-store';
import { call, type TestContext } from '../app';
import {
  backgroundsOfTier,
  buildDiary,
  buildGoal,
  buildTask,
  buildUser,
  buildWonGoal,
  type TestUser,
} from '../factories';
import { type Hints } from './requests';
import { API, PASSWORD, VICTIM_SECRET, WEEK_START } from './settings';

// The world each route is fuzzed in.

export interface Fixture {
  subject: TestUser;
  victim: TestUser;
  /** Ids of the victim's rows: any request naming one must be refused. */
  victimIds: string[];
  hints: Hints;
  examples: Partial<Record<string, fc.Arbitrary<unknown>>>;
}

/** Per-route adjustments, so that some requests can succeed. */
export const SETUP: Record<string, { goal?: 'none' | 'completed'; empty?: true }> = {
  'POST /goal': { goal: 'none' },
  'POST /goal/claim': { goal: 'completed' },
  // An import needs an account with nothing in it yet; the file is another account's export.
  'POST /account/import': { goal: 'none', empty: true },
};

/** Addresses the email validator takes (fast-check's own are RFC-valid, often too exotic). */
export const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,16}$/), fc.constantFrom('example.test', 'mail.example.org'))
  .map(([local, domain]) => `${local}@${domain}`);

export const TIME_ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Etc/GMT+12',
  'europe/berlin',
  'Mars/Olympus',
  'Local',
];

export function policyOf(ctx: TestContext) {
  return { idleDays: ctx.env.SESSION_IDLE_DAYS, absoluteDays: ctx.env.SESSION_ABSOLUTE_DAYS };
}

export async function sessionIdOf(ctx: TestContext, token: string): Promise<string> {
  const [row] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row!.id;
}

/** What every fixture uses of the catalogue, read once. */
export async function readCatalogue(ctx: TestContext) {
  const templates = await ctx.db.select().from(taskTemplates).orderBy(taskTemplates.slug);
  const tiers = [
    await backgroundsOfTier(ctx, 1),
    await backgroundsOfTier(ctx, 2),
    await backgroundsOfTier(ctx, 3),
  ];
  return {
    reward: tiers[2]![0]!,
    owned: tiers[1]![0]!,
    backgroundIds: tiers.flat().map((b) => b.id),
    someTemplates: templates.filter((_, i) => i % 7 === 0),
  };
}

let catalogueRows: ReturnType<typeof readCatalogue> | undefined;
let victimWorld:
  | Promise<{
      user: TestUser;
      rows: { taskIds: string[]; sessionIds: string[] };
      session: string;
    }>
  | undefined;

export async function buildFixture(
  ctx: TestContext,
  key: string,
  hashes: { subject: string; victim: string },
): Promise<Fixture> {
  const setup = SETUP[key] ?? {};
  const { reward, owned, backgroundIds, someTemplates } = await (catalogueRows ??=
    readCatalogue(ctx));
  const subject = await buildUser(ctx, { name: 'Fuzz Subject' });

  /** A user's rows: a password, a background, yesterday's diary, a goal, tasks, two sessions. */
  async function populate(
    user: TestUser,
    goal: 'in progress' | 'none' | 'completed',
    diary: string | null,
  ) {
    await ctx.db.insert(passwordCredentials).values({
      userId: user.id,
      email: user.email,
      passwordHash: user === subject ? hashes.subject : hashes.victim,
      updatedAt: ctx.clock.now(),
    });
    await ctx.db
      .insert(userBackgrounds)
      .values({ userId: user.id, backgroundId: owned.id, acquiredAt: ctx.clock.now() });
    if (diary !== null) await buildDiary(ctx, user, '2026-03-09', diary);
    const taskIds: string[] = [];
    if (goal === 'in progress') {
      const { id } = await buildGoal(ctx, user, { target: 500_000 });
      for (let i = 0; i < 3; i += 1) {
        taskIds.push((await buildTask(ctx, user, id, { mood: 'Sad', offset: i })).id);
      }
      const done = await buildTask(ctx, user, id, { mood: 'Happy', status: 'Completed' });
      taskIds.push(done.id);
      // The goal's totals agree with its completed task, as the server would have left them.
      await ctx.db
        .update(goals)
        .set({ earned: done.points, taskCompleted: 1 })
        .where(eq(goals.id, id));
    } else if (goal === 'completed') {
      await buildWonGoal(ctx, user, reward);
    }
    const sessionIds: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const token = await createSession(ctx.db, user.id, ctx.clock.now(), policyOf(ctx));
      sessionIds.push(await sessionIdOf(ctx, token));
    }
    return { taskIds, sessionIds };
  }

  const own = await populate(
    subject,
    setup.goal ?? 'in progress',
    setup.empty ? null : 'Yesterday, fuzzed.',
  );
  // One victim for the whole run: nothing any route is sent may change their rows.
  victimWorld ??= (async () => {
    const user = await buildUser(ctx, { name: 'Fuzz Victim' });
    const rows = await populate(user, 'in progress', VICTIM_SECRET);
    return { user, rows, session: await sessionIdOf(ctx, user.token) };
  })();
  const { user: victim, rows: theirs, session } = await victimWorld;
  const victimSessions = [...theirs.sessionIds, session];
  const victimIds = [victim.id, ...theirs.taskIds, ...victimSessions];

  const userId = fc.oneof(
    { weight: 8, arbitrary: fc.constant(subject.id) },
    { weight: 2, arbitrary: fc.constant(victim.id) },
  );
  const hints: Hints = {
    id: userId,
    userId,
    taskId: fc.constantFrom(...own.taskIds, ...theirs.taskIds),
    sessionId: fc.constantFrom(...own.sessionIds, ...victimSessions),
    templateId: fc.constantFrom(...someTemplates.map((t) => t.id)),
    title: fc.constantFrom(...someTemplates.map((t) => t.title)),
    backgroundId: fc.constantFrom(...backgroundIds),
    target: fc.integer({ min: 0, max: 11 }).map((n) => n * 50_000),
    timeZone: fc.constantFrom(...TIME_ZONES),
    // Never the subject's own email: a fuzzed DELETE /account must not end the run.
    email: fc.oneof(
      plainEmail,
      fc.emailAddress(),
      fc.constantFrom(victim.email, victim.email.toUpperCase(), ` ${victim.email} `),
    ),
    page: fc.integer({ min: -1, max: 5 }).map(String),
    size: fc.integer({ min: -1, max: 60 }).map(String),
    date: fc
      .integer({ min: WEEK_START - 86_400_000, max: WEEK_START + 9 * 86_400_000 })
      .map(String),
    startDate: fc.integer({ min: WEEK_START - 400 * 86_400_000, max: WEEK_START }).map(String),
    endDate: fc.integer({ min: WEEK_START, max: WEEK_START + 400 * 86_400_000 }).map(String),
    fields: fc.constant('mood'),
  };

  const password = fc.oneof(fc.constant(PASSWORD), fc.string({ minLength: 8, maxLength: 20 }));
  // Live emailed links of the subject's, so some follow-the-link requests succeed (once each).
  const linkTokens = async (purpose: 'verify' | 'reset') => {
    const tokens = [generateToken(), generateToken(), generateToken()];
    const now = ctx.clock.now();
    await ctx.db.insert(emailTokens).values(
      tokens.map((token) => ({
        tokenHash: hashToken(token),
        userId: subject.id,
        purpose,
        email: subject.email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 3_600_000),
      })),
    );
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...tokens) },
      { weight: 1, arbitrary: fc.constant(generateToken()) },
    );
  };
  if (key === 'POST /auth/verify-email') hints.token = await linkTokens('verify');
  if (key === 'POST /auth/reset-password') hints.token = await linkTokens('reset');
  let exportFile: unknown = null;
  if (setup.empty) {
    const donor = await buildUser(ctx, { name: 'Fuzz Donor' });
    await populate(donor, 'in progress', 'A day worth keeping.');
    exportFile = (
      await call(ctx.app, 'GET', `${API}/account/export`, { token: donor.token })
    ).json();
  }
  const examples: Fixture['examples'] = {
    'POST /task': fc
      .tuple(fc.constantFrom(...someTemplates), fc.boolean())
      .map(([t, byId]) =>
        byId
          ? { templateId: t.id, title: t.title, mood: t.mood }
          : { title: t.title, mood: t.mood },
      ),
    'POST /auth/register': fc
      .record({
        name: fc.string({ minLength: 1, maxLength: 60 }),
        email: fc.oneof(
          { weight: 3, arbitrary: plainEmail },
          { weight: 1, arbitrary: fc.emailAddress() },
        ),
        password: fc.string({ minLength: 8, maxLength: 30 }),
        terms: fc.constant(true),
        timeZone: fc.constantFrom(...TIME_ZONES),
      })
      .map((b) => ({ ...b, confirmPassword: b.password })),
    'POST /auth/login': fc.record({
      email: fc.constantFrom(subject.email, victim.email.toUpperCase(), 'nobody@example.test'),
      password,
    }),
    'POST /auth/password': fc
      .record({ currentPassword: password, keepOtherSessions: fc.boolean() })
      .map((b) => ({ ...b, newPassword: PASSWORD, confirmPassword: PASSWORD })),
    'POST /auth/verify-email': hints.token ? fc.record({ token: hints.token }) : undefined,
    'POST /auth/reset-password': hints.token
      ? fc
          .record({ token: hints.token, password: fc.string({ minLength: 8, maxLength: 30 }) })
          .map((b) => ({ ...b, confirmPassword: b.password }))
      : undefined,
    'POST /auth/forgot-password': fc.record({
      email: fc.constantFrom(subject.email, victim.email, 'nobody@example.test'),
    }),
    'POST /diary': fc
      .string({ minLength: 1, maxLength: 200, unit: 'grapheme' })
      .map((content) => ({ id: subject.id, content })),
    'PATCH /user': fc.record(
      {
        name: fc.string({ minLength: 1, maxLength: 60 }),
        mood: fc.constantFrom('Happy', 'Sad', 'Unknown', 'Ecstatic'),
        hasSetMoodToday: fc.boolean(),
        hasOnboarded: fc.constant(true),
        unannouncedExpiredTaskCount: fc.constant(0),
        timeZone: fc.constantFrom(...TIME_ZONES),
      },
      { requiredKeys: [] },
    ),
    'POST /account/import': fc.constant(exportFile),
  };
  return { subject, victim, victimIds, hints, examples };
}
