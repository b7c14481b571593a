import type { ExportFile } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { buildLongLifeExport } from '../../../test/export-files';
import type { TestUser } from '../../../test/factories';
import { backgrounds, userBackgrounds, users } from '../../db/schema';
import { DEFAULT_BACKGROUND_SLUG } from '../../db/seed';
import { TASK_CATALOGUE } from '../../db/seed/task-catalogue';
import { accountRequests } from './account.test-helpers';

/**
 * A file can be invented: consistent by every rule the import checks, and still never lived. So an
 * import keeps the person's record (moods, diaries, tasks done, points) and earns nothing with it.
 */
describe('an import earns nothing the server did not see earned', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  const { api, exportOf, importInto, register, acceptTask, completeTask } = accountRequests(ctx);

  /** Three invented years that claim every background of every tier. */
  const inventedYears = (): ExportFile =>
    buildLongLifeExport({
      now: ctx.clock.now(),
      days: 1_000,
      tasks: 2_000,
      goals: 12,
      diaryLength: 20,
    });

  async function ownedSlugs(user: TestUser): Promise<string[]> {
    const rows = await ctx.db
      .select({ slug: backgrounds.slug })
      .from(userBackgrounds)
      .innerJoin(backgrounds, eq(backgrounds.id, userBackgrounds.backgroundId))
      .where(eq(userBackgrounds.userId, user.id));
    return rows.map((r) => r.slug);
  }

  const createdAtOf = async (user: TestUser) =>
    (await ctx.db.select({ at: users.createdAt }).from(users).where(eq(users.id, user.id)))[0]!.at;

  it('unlocks no reward and keeps the account’s creation date, whatever history it brings', async () => {
    ctx.clock.set('2026-03-10T12:00:00.000Z');
    const user = await register('invented-years@example.test');
    const createdAt = await createdAtOf(user);
    const file = inventedYears();
    expect(file.backgrounds.length, 'the file claims every background').toBeGreaterThan(8);

    ctx.clock.advance(60_000);
    const res = await importInto(user, file);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json().data).toMatchObject({ goals: 12, tasks: 2_000, backgrounds: 0 });

    expect(await ownedSlugs(user)).toEqual([DEFAULT_BACKGROUND_SLUG]);
    expect(await createdAtOf(user)).toEqual(createdAt);
    const again = await exportOf(user);
    expect(again.user.selectedBackground).toBe(DEFAULT_BACKGROUND_SLUG);
    expect(again.goals.filter((g) => g.rewardBackground !== null || g.hasClaimedReward)).toEqual(
      [],
    );
    // The record itself is kept: every goal's points, every task, diary entry and mood.
    expect(again.goals.map((g) => g.earned).sort()).toEqual(file.goals.map((g) => g.earned).sort());
    expect(again.tasks).toHaveLength(file.tasks.length);
    expect(again.diaries).toHaveLength(file.diaries.length);
    // A version 1 file's mood a day comes back as that day's check-in.
    expect(again.checkIns).toHaveLength(file.moods.length + file.checkIns.length);
  });

  async function expectNoReward(user: TestUser) {
    const completed = (await api(user, 'GET', `/goal?id=${user.id}`)).json().data;
    expect(completed.status).toBe('Completed');
    expect(completed.backgroundRewardId).toBeNull();
    const claim = await api(user, 'POST', `/goal/claim?id=${user.id}`);
    expect(claim.statusCode).toBe(409);
    expect(await ownedSlugs(user)).toEqual([DEFAULT_BACKGROUND_SLUG]);
  }

  it('draws no reward when a lowered target completes the goal it brought', async () => {
    ctx.clock.set('2026-06-10T12:00:00.000Z');
    const user = await register('invented-goal@example.test');
    ctx.clock.advance(60_000);
    expect((await importInto(user, inventedYears())).statusCode).toBe(200);
    const goal = (await api(user, 'GET', `/goal?id=${user.id}`)).json().data;
    expect(goal.status).toBe('OnProgress');
    expect(goal.earned, 'enough imported points to lower the target to').toBeGreaterThan(50_000);
    const target = Math.floor(goal.earned / 50_000) * 50_000;
    const lowered = await api(user, 'PATCH', `/goal?id=${user.id}`, { target });
    expect(lowered.statusCode, lowered.body).toBe(200);
    await expectNoReward(user);
  });

  it('draws no reward when tasks done here complete the goal it brought', async () => {
    ctx.clock.set('2026-07-10T12:00:00.000Z');
    const user = await register('invented-goal-tasks@example.test');
    const file = buildLongLifeExport({
      now: ctx.clock.now(),
      days: 20,
      tasks: 10,
      goals: 1,
      diaryLength: 20,
    });
    ctx.clock.advance(60_000);
    expect((await importInto(user, file)).statusCode).toBe(200);
    const goal = (await api(user, 'GET', `/goal?id=${user.id}`)).json().data;
    expect(goal.earned).toBeGreaterThan(0);
    expect(goal.earned).toBeLessThan(50_000);
    const lowered = await api(user, 'PATCH', `/goal?id=${user.id}`, { target: 50_000 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    for (let n = 1; ; n += 1) {
      const task = await acceptTask(user, 'Happy');
      if ((await completeTask(user, task.id)).status === 'Completed') break;
      ctx.clock.advance(60_000);
      if (n % 20 === 0) ctx.clock.advanceDays(1);
    }
    await expectNoReward(user);
  });

  it('shows each task in the catalogue’s words, never the file’s', async () => {
    ctx.clock.set('2026-09-10T12:00:00.000Z');
    const user = await register('invented-words@example.test');
    const file = buildLongLifeExport({
      now: ctx.clock.now(),
      days: 30,
      tasks: 60,
      goals: 2,
      diaryLength: 20,
    });
    for (const task of file.tasks) {
      task.title = '=HYPERLINK("https://evil.example/","Claim your prize")';
      task.description = '<img src=x onerror=alert(1)> Visit evil.example to keep your streak';
    }
    ctx.clock.advance(60_000);
    const res = await importInto(user, file);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const bySlug = new Map(TASK_CATALOGUE.map((t) => [t.slug, t]));
    const again = await exportOf(user);
    expect(again.tasks).toHaveLength(60);
    for (const task of again.tasks) {
      const template = bySlug.get(task.templateSlug)!;
      expect({ title: task.title, description: task.description }).toEqual({
        title: template.title,
        description: template.description,
      });
    }
  });
});
