import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/app';
import { buildGoal, buildTask, buildUser, type TestUser } from '../../../test/factories';
import type { TestContext } from '../../../test/app';
import { discardedTasks, oidcStates, sessions } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { deadSessions, expiredOidcStates, PURGE_BATCH_SIZE } from './maintenance.repository';
import { PURGE_GRACE_MS, purgeExpired, type PurgeTarget } from './purge-expired';
import { FIRST_PURGE_DELAY_MS, PURGE_INTERVAL_MS, startPurgeSchedule } from './purge-schedule';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A session of the user's with the given expiries (relative to the clock), named by its agent. */
async function addSession(
  ctx: TestContext,
  user: TestUser,
  name: string,
  expiries: { idle: number; absolute: number },
) {
  const now = ctx.clock.now().getTime();
  await ctx.db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(randomBytes(32).toString('base64url')),
    userAgent: name,
    createdAt: new Date(now - 40 * DAY),
    lastUsedAt: new Date(now - 20 * DAY),
    idleExpiresAt: new Date(now + expiries.idle),
    expiresAt: new Date(now + expiries.absolute),
  });
}

/** A sign-in state that expires at the given offset from the clock, named by its nonce. */
function oidcState(ctx: TestContext, name: string, expiresIn: number) {
  return {
    stateHash: hashToken(randomBytes(16).toString('hex')),
    bindingHash: 'binding',
    nonce: name,
    codeVerifier: 'verifier',
    expiresAt: new Date(ctx.clock.now().getTime() + expiresIn),
  };
}

async function sessionNames(ctx: TestContext, user: TestUser) {
  const rows = await ctx.db
    .select({ name: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, user.id));
  return rows.map((r) => r.name).sort();
}

async function stateNames(ctx: TestContext) {
  const rows = await ctx.db.select({ name: oidcStates.nonce }).from(oidcStates);
  return rows.map((r) => r.name).sort();
}

describe('the purge of expired rows', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  afterEach(async () => {
    vi.useRealTimers();
    await ctx.db.delete(oidcStates);
  });

  it('deletes sessions and sign-in states dead for longer than the grace, and nothing else', async () => {
    const owner = await buildUser(ctx, { name: 'Owner' });
    const other = await buildUser(ctx, { name: 'Other' });
    await ctx.db.delete(sessions).where(eq(sessions.userId, owner.id));
    await ctx.db.delete(sessions).where(eq(sessions.userId, other.id));
    const past = -PURGE_GRACE_MS - HOUR;
    await addSession(ctx, owner, 'live', { idle: 5 * DAY, absolute: 10 * DAY });
    await addSession(ctx, owner, 'idle-expired', { idle: past, absolute: 10 * DAY });
    await addSession(ctx, owner, 'absolute-expired', { idle: 5 * DAY, absolute: past });
    // Dead, but within the grace: another process's clock may still count it live.
    await addSession(ctx, owner, 'just-expired', { idle: -HOUR / 2, absolute: 10 * DAY });
    await addSession(ctx, other, 'other-live', { idle: HOUR, absolute: DAY });
    await addSession(ctx, other, 'other-expired', { idle: past, absolute: past });
    await ctx.db
      .insert(oidcStates)
      .values([
        oidcState(ctx, 'fresh', 5 * 60_000),
        oidcState(ctx, 'just-expired', -60_000),
        oidcState(ctx, 'abandoned', past),
      ]);

    const counts = await purgeExpired(ctx.db, ctx.clock.now());

    expect(counts).toMatchObject({ sessions: 3, oidcStates: 1 });
    expect(await sessionNames(ctx, owner)).toEqual(['just-expired', 'live']);
    expect(await sessionNames(ctx, other)).toEqual(['other-live']);
    expect(await stateNames(ctx)).toEqual(['fresh', 'just-expired']);
    // A second purge (another process, or the next hour) finds nothing more.
    const again = await purgeExpired(ctx.db, ctx.clock.now());
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it('keeps a signed-in user signed in: their live session survives a purge', async () => {
    const user = await buildUser(ctx);
    ctx.clock.advanceDays(2);
    await purgeExpired(ctx.db, ctx.clock.now());
    const res = await ctx.app.inject({
      url: `/api/v1/user?id=${user.id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('clears a backlog larger than one batch', async () => {
    const count = PURGE_BATCH_SIZE * 2 + 7;
    const rows = Array.from({ length: count }, (_, i) => oidcState(ctx, `old-${i}`, -2 * DAY));
    for (let i = 0; i < rows.length; i += 500) {
      await ctx.db.insert(oidcStates).values(rows.slice(i, i + 500));
    }
    await ctx.db.insert(oidcStates).values(oidcState(ctx, 'fresh', 60_000));
    expect(await purgeExpired(ctx.db, ctx.clock.now())).toMatchObject({ oidcStates: count });
    expect(await stateNames(ctx)).toEqual(['fresh']);
  });

  it('finds the expired rows through an index, not a scan of the table', async () => {
    const cutoff = ctx.clock.now();
    const plans = await ctx.db.transaction(async (tx) => {
      // The tables are tiny here: forbid the sequential scan to see whether an index can serve.
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = async (query: { getSQL(): unknown }) => {
        const result = await tx.execute(sql`explain ${query}`);
        const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
        return rows.map((r) => Object.values(r)[0]).join('\n');
      };
      return [
        await plan(tx.select({ id: sessions.id }).from(sessions).where(deadSessions(cutoff))),
        await plan(
          tx
            .select({ key: oidcStates.stateHash })
            .from(oidcStates)
            .where(expiredOidcStates(cutoff)),
        ),
      ];
    });
    expect(plans[0]).toContain('sessions_dead_at_idx');
    expect(plans[1]).toContain('oidc_states_expires_at_idx');
  });

  it('clears discarded tasks long past their undo window, and keeps a fresh one', async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user);
    const discard = async (offset: number) => {
      const task = await buildTask(ctx, user, goal.id, { offset });
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/task?taskId=${task.id}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.statusCode).toBe(200);
      return task.id;
    };
    await discard(1);
    ctx.clock.advance(PURGE_GRACE_MS + HOUR);
    // Kept by the purge: the user's own next discard would clear the old one, not this.
    await ctx.db.insert(discardedTasks).values({
      ...(await ctx.db.select().from(discardedTasks).where(eq(discardedTasks.userId, user.id)))[0]!,
      taskId: '00000000-0000-4000-8000-0000000000d1',
      discardedAt: ctx.clock.now(),
    });
    expect(await purgeExpired(ctx.db, ctx.clock.now())).toMatchObject({ discardedTasks: 1 });
    const left = await ctx.db
      .select()
      .from(discardedTasks)
      .where(eq(discardedTasks.userId, user.id));
    expect(left.map((row) => row.taskId)).toEqual(['00000000-0000-4000-8000-0000000000d1']);
  });

  it('passes each registered target the cutoff of now minus the grace', async () => {
    const seen: Date[] = [];
    const target: PurgeTarget = {
      name: 'verificationTokens',
      purge: async (_db, cutoff) => {
        seen.push(cutoff);
        return 4;
      },
    };
    const now = ctx.clock.now();
    expect(await purgeExpired(ctx.db, now, [target])).toEqual({ verificationTokens: 4 });
    expect(seen).toEqual([new Date(now.getTime() - PURGE_GRACE_MS)]);
  });

  it('runs a minute after start, then every hour, and not after it is stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const logged = ctx.logs.length;
    let runs = 0;
    const counting: PurgeTarget = {
      name: 'oidcStates',
      purge: async (db, cutoff) => {
        runs += 1;
        return (await db.delete(oidcStates).where(expiredOidcStates(cutoff)).returning()).length;
      },
    };
    await ctx.db.insert(oidcStates).values(oidcState(ctx, 'abandoned', -2 * DAY));

    const schedule = startPurgeSchedule({
      db: ctx.db,
      clock: ctx.clock,
      log: ctx.app.log,
      targets: [counting],
    });
    await vi.advanceTimersByTimeAsync(FIRST_PURGE_DELAY_MS - 1);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(runs).toBe(1));
    await vi.waitFor(async () => expect(await stateNames(ctx)).toEqual([]));
    await vi.waitFor(() =>
      expect(ctx.logs.slice(logged).join('')).toMatch(
        /"purged":\{"oidcStates":1\}.*"msg":"purged expired rows"/,
      ),
    );

    await vi.advanceTimersByTimeAsync(PURGE_INTERVAL_MS);
    await vi.waitFor(() => expect(runs).toBe(2));
    await schedule.stop();
    await vi.advanceTimersByTimeAsync(3 * PURGE_INTERVAL_MS);
    expect(runs).toBe(2);
  });

  it('logs a failed purge and keeps the schedule going', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const logged = ctx.logs.length;
    let runs = 0;
    const failing: PurgeTarget = {
      name: 'broken',
      purge: async () => {
        runs += 1;
        throw new Error('the database went away');
      },
    };
    const schedule = startPurgeSchedule({
      db: ctx.db,
      clock: ctx.clock,
      log: ctx.app.log,
      targets: [failing],
    });
    await vi.advanceTimersByTimeAsync(FIRST_PURGE_DELAY_MS + PURGE_INTERVAL_MS);
    await schedule.stop();
    expect(runs).toBe(2);
    const lines = ctx.logs.slice(logged).filter((l) => l.includes('purging expired rows failed'));
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40 });
  });
});
