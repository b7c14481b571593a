import { addDays, toLocalDate, type ExportFile, type ExportTask } from '@wellspring/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildLongLifeExport } from '../../../test/export-files';
import { buildUser, dumpUserRows } from '../../../test/factories';
import { SEED_BACKGROUNDS } from '../../db/seed/backgrounds';
import { TASK_CATALOGUE } from '../../db/seed/task-catalogue';

const API = '/api/v1';
const HOUR = 3_600_000;

// An import brings in only what the product itself could have produced (decision 021).
describe('POST /account/import keeps the rules of the product', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  /** An honest export of 40 days of use, up to the test clock's now: it imports as it is. */
  function honestFile(): ExportFile {
    return buildLongLifeExport({
      now: ctx.clock.now(),
      days: 40,
      tasks: 100,
      goals: 8,
      diaryLength: 120,
    });
  }

  function importInto(user: { token: string }, file: unknown) {
    return ctx.app.inject({
      method: 'POST',
      url: `${API}/account/import`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    });
  }

  /** Imports into a fresh account, expects a 400 naming the paths, and that nothing was written. */
  async function expectRefused(file: ExportFile, ...paths: string[]) {
    const user = await buildUser(ctx);
    const before = await dumpUserRows(ctx, user.id);
    const body = expectFail(await importInto(user, file), 400, 'VALIDATION_ERROR');
    const named = body.issues.map((i) => i.path);
    for (const path of paths) expect(named, JSON.stringify(body.issues)).toContain(path);
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    return body;
  }

  const today = () => toLocalDate(ctx.clock.now(), 'UTC');
  const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
  const lastIndex = (rows: unknown[]) => rows.length - 1;
  /** The first completed goal of the file with a claimed reward, and its index. */
  const wonGoal = (file: ExportFile) => {
    const i = file.goals.findIndex((g) => g.hasClaimedReward);
    return { goal: file.goals[i]!, i };
  };
  const completedTask = (file: ExportFile) => file.tasks.findIndex((t) => t.status === 'Completed');

  it('takes an honest file whole: the base of every case below', async () => {
    const file = honestFile();
    expect(file.goals.length).toBeGreaterThanOrEqual(4);
    expect(file.backgrounds.length).toBeGreaterThanOrEqual(4);
    const user = await buildUser(ctx);
    const res = await importInto(user, file);
    expect(res.statusCode, res.body.slice(0, 600)).toBe(200);
    expect(res.json().data).toMatchObject({ tasks: 100, diaries: 40, moods: 40 });
  });

  it('refuses what the review imported into a fresh account', async () => {
    // All twelve backgrounds, no goal won any of them.
    const backgrounds = honestFile();
    backgrounds.backgrounds = SEED_BACKGROUNDS.map((b) => ({
      slug: b.slug,
      acquiredAt: backgrounds.exportedAt,
    }));
    const owned = await expectRefused(backgrounds);
    expect(owned.issues.some((i) => /^body\.backgrounds\.\d+\.slug$/.test(i.path))).toBe(true);
    expect(owned.issues.find((i) => i.path.startsWith('body.backgrounds'))!.message).toMatch(
      /never won/i,
    );

    // A task worth 10,000 points, whose catalogue task is worth less (the goal's sum follows).
    const points = honestFile();
    const t = completedTask(points);
    const goal = points.goals.find((g) => g.id === points.tasks[t]!.goalId)!;
    goal.earned += 10_000 - points.tasks[t]!.points;
    points.tasks[t]!.points = 10_000;
    const refused = await expectRefused(points, `body.tasks.${t}.points`);
    expect(refused.issues.find((i) => i.path === `body.tasks.${t}.points`)!.message).toContain(
      String(TASK_CATALOGUE.find((c) => c.slug === points.tasks[t]!.templateSlug)!.points),
    );

    // OnGoing tasks dated 2099, which would never expire.
    const future = honestFile();
    const last = future.tasks.length - 1;
    Object.assign(future.tasks[last]!, {
      createdAt: '2099-06-01T10:00:00.000Z',
      acceptedOn: '2099-06-01',
    });
    await expectRefused(future, `body.tasks.${last}.createdAt`, `body.tasks.${last}.acceptedOn`);
  });

  it.each<[string, (f: ExportFile) => string[]]>([
    [
      "a task's mood that is not its catalogue task's",
      (f) => {
        const t = f.tasks[0]!;
        t.mood = t.mood === 'Happy' ? 'Sad' : 'Happy';
        return ['body.tasks.0.mood'];
      },
    ],
    [
      "a goal's points that are not its completed tasks'",
      (f) => {
        f.goals[0]!.earned += 1000;
        return ['body.goals.0.earned'];
      },
    ],
    [
      "a goal's task count that is not its completed tasks'",
      (f) => {
        f.goals[0]!.taskCompleted += 1;
        return ['body.goals.0.taskCompleted'];
      },
    ],
    [
      'a goal completed before its points reach the target',
      (f) => {
        const i = lastIndex(f.goals);
        Object.assign(f.goals[i]!, { status: 'Completed', completedAt: f.exportedAt });
        return [`body.goals.${i}.status`];
      },
    ],
    [
      'a second goal in progress',
      (f) => {
        Object.assign(f.goals[0]!, { status: 'OnProgress', completedAt: null });
        return ['body.goals.0.status'];
      },
    ],
    [
      'a goal started before the one before it was completed',
      (f) => {
        f.goals[1]!.createdAt = later(f.goals[0]!.completedAt!, -HOUR);
        return ['body.goals.1.createdAt'];
      },
    ],
    [
      'a goal completed before it started',
      (f) => {
        f.goals[0]!.completedAt = later(f.goals[0]!.createdAt, -HOUR);
        return ['body.goals.0.completedAt'];
      },
    ],
    [
      'a reward of another tier than the goal',
      (f) => {
        const { goal, i } = wonGoal(f);
        const other = SEED_BACKGROUNDS.find((b) => b.tier !== goal.tier)!.slug;
        f.backgrounds.find((b) => b.slug === goal.rewardBackground)!.slug = other;
        goal.rewardBackground = other;
        return [`body.goals.${i}.rewardBackground`];
      },
    ],
    [
      'the default background as a reward',
      (f) => {
        const { goal, i } = wonGoal(f);
        f.backgrounds = f.backgrounds.filter((b) => b.slug !== goal.rewardBackground);
        goal.rewardBackground = SEED_BACKGROUNDS[0]!.slug;
        return [`body.goals.${i}.rewardBackground`];
      },
    ],
    [
      'one background won by two goals',
      (f) => {
        const [first, second] = f.goals.filter((g) => g.hasClaimedReward);
        f.backgrounds = f.backgrounds.filter((b) => b.slug !== second!.rewardBackground);
        second!.rewardBackground = first!.rewardBackground;
        return [`body.goals.${f.goals.indexOf(second!)}.rewardBackground`];
      },
    ],
    [
      'a reward left unclaimed before the next goal',
      (f) => {
        const { goal, i } = wonGoal(f);
        f.backgrounds = f.backgrounds.filter((b) => b.slug !== goal.rewardBackground);
        f.user.selectedBackground = SEED_BACKGROUNDS[0]!.slug;
        goal.hasClaimedReward = false;
        return [`body.goals.${i}.hasClaimedReward`];
      },
    ],
    [
      'a claimed reward missing from the backgrounds',
      (f) => {
        const { goal, i } = wonGoal(f);
        f.backgrounds = f.backgrounds.filter((b) => b.slug !== goal.rewardBackground);
        f.user.selectedBackground = SEED_BACKGROUNDS[0]!.slug;
        return [`body.goals.${i}.hasClaimedReward`];
      },
    ],
    [
      'a background acquired before its goal was completed',
      (f) => {
        const { goal } = wonGoal(f);
        const b = f.backgrounds.findIndex((x) => x.slug === goal.rewardBackground);
        f.backgrounds[b]!.acquiredAt = later(goal.completedAt!, -HOUR);
        return [`body.backgrounds.${b}.acquiredAt`];
      },
    ],
    [
      'a background acquired in the future',
      (f) => {
        f.backgrounds[0]!.acquiredAt = later(f.exportedAt, HOUR);
        return ['body.backgrounds.0.acquiredAt'];
      },
    ],
    [
      'a task accepted before its goal started',
      (f) => {
        const t = f.tasks.findIndex((x) => x.goalId === f.goals[1]!.id);
        f.tasks[t]!.createdAt = later(f.goals[1]!.createdAt, -60_000);
        return [`body.tasks.${t}.createdAt`];
      },
    ],
    [
      'a task accepted after its goal was completed',
      (f) => {
        const t = f.tasks.findIndex((x) => x.goalId === f.goals[0]!.id);
        const task = f.tasks[t]!;
        task.createdAt = later(f.goals[0]!.completedAt!, 60_000);
        task.acceptedOn = task.createdAt.slice(0, 10);
        if (task.completedAt) {
          task.completedAt = later(task.createdAt, 60_000);
          task.completedOn = task.completedAt.slice(0, 10);
        }
        return [`body.tasks.${t}.createdAt`];
      },
    ],
    [
      'a completed task without its completion date',
      (f) => {
        const t = completedTask(f);
        f.tasks[t]!.completedAt = null;
        return [`body.tasks.${t}.completedAt`];
      },
    ],
    [
      'a task completed before it was accepted',
      (f) => {
        const t = completedTask(f);
        f.tasks[t]!.completedAt = later(f.tasks[t]!.createdAt, -60_000);
        return [`body.tasks.${t}.completedAt`];
      },
    ],
    [
      'a task completed in the future',
      (f) => {
        const t = completedTask(f);
        f.tasks[t]!.completedAt = later(f.exportedAt, HOUR);
        return [`body.tasks.${t}.completedAt`];
      },
    ],
    [
      'an accepted day that is not the day of its time',
      (f) => {
        f.tasks[0]!.acceptedOn = addDays(f.tasks[0]!.acceptedOn, -3);
        return ['body.tasks.0.acceptedOn'];
      },
    ],
    [
      'a completed day that is not the day of its time',
      (f) => {
        const t = completedTask(f);
        f.tasks[t]!.completedOn = addDays(f.tasks[t]!.completedOn!, 2);
        return [`body.tasks.${t}.completedOn`];
      },
    ],
    [
      'more than 30 tasks accepted on one day',
      (f) => {
        const expired = f.tasks.find((t) => t.status === 'Expired')!;
        const copies = Array.from({ length: 30 }, () => ({ ...expired, id: randomUUID() }));
        f.tasks.push(...copies);
        return [`body.tasks.${f.tasks.length - 1}.acceptedOn`];
      },
    ],
    [
      'more than 10 tasks OnGoing at once',
      (f) => {
        const ongoing = f.tasks.find((t) => t.status === 'OnGoing')!;
        const others = TASK_CATALOGUE.filter(
          (c) => !f.tasks.some((t) => t.status === 'OnGoing' && t.templateSlug === c.slug),
        ).slice(0, 10);
        f.tasks.push(...others.map((c) => ongoingCopy(ongoing, c)));
        return [`body.tasks.${f.tasks.length - 1}.status`];
      },
    ],
    [
      'one catalogue task OnGoing twice',
      (f) => {
        const ongoing = f.tasks.find((t) => t.status === 'OnGoing')!;
        f.tasks.push({ ...ongoing, id: randomUUID() });
        return [`body.tasks.${f.tasks.length - 1}.templateSlug`];
      },
    ],
    [
      'a diary entry dated tomorrow',
      (f) => {
        const i = lastIndex(f.diaries);
        f.diaries[i]!.date = addDays(today(), 1);
        return [`body.diaries.${i}.date`];
      },
    ],
    [
      'a diary entry written in the future',
      (f) => {
        f.diaries[0]!.createdAt = later(f.exportedAt, 60_000);
        return ['body.diaries.0.createdAt'];
      },
    ],
    [
      'a diary entry stamped on another day than it was written',
      (f) => {
        f.diaries[0]!.createdAt = f.diaries[5]!.createdAt;
        return ['body.diaries.0.date'];
      },
    ],
    [
      'a mood dated tomorrow',
      (f) => {
        const i = lastIndex(f.moods);
        f.moods[i]!.date = addDays(today(), 1);
        return [`body.moods.${i}.date`];
      },
    ],
    [
      'a mood set in the future',
      (f) => {
        f.moods[0]!.updatedAt = later(f.exportedAt, HOUR);
        return ['body.moods.0.updatedAt'];
      },
    ],
    [
      'an account created in the future',
      (f) => {
        f.user.createdAt = later(f.exportedAt, HOUR);
        return ['body.user.createdAt'];
      },
    ],
  ])('refuses %s with 400, naming the row', async (_label, change) => {
    const file = honestFile();
    const paths = change(file);
    await expectRefused(file, ...paths);
  });

  it('names the first rows at fault, in order, and at most 20 of them', async () => {
    const file = honestFile();
    for (const i of [3, 7]) file.tasks[i]!.points += 1;
    const body = await expectRefused(file);
    const taskIssues = body.issues.filter((i) => i.path.endsWith('.points'));
    expect(taskIssues.map((i) => i.path)).toEqual(['body.tasks.3.points', 'body.tasks.7.points']);
    expect(body.message).toMatch(/^Invalid body\./);

    const everyRow = honestFile();
    for (const task of everyRow.tasks) task.points += 1;
    const many = await expectRefused(everyRow);
    expect(many.issues).toHaveLength(20);
  });

  it('brings an OnGoing task of an earlier day back Expired, and keeps today’s OnGoing', async () => {
    const file = honestFile();
    const user = await buildUser(ctx);
    ctx.clock.advanceDays(2);
    expect((await importInto(user, file)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API}/task?id=${user.id}&status=OnGoing`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.json().totalTaskCount).toBe(0);
  });
});

// A date PostgreSQL cannot store is refused, never answered with a 500 (decision 021).
describe('POST /account/import refuses impossible dates', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  it.each<[string, (f: ExportFile) => void, string]>([
    [
      'a diary entry of year 0000',
      (f) => (f.diaries[0]!.date = '0000-01-01'),
      'body.diaries.0.date',
    ],
    ['a mood of year 0000', (f) => (f.moods[0]!.date = '0000-02-29'), 'body.moods.0.date'],
    [
      'a task accepted in year 0000',
      (f) => Object.assign(f.tasks[0]!, { acceptedOn: '0000-06-01' }),
      'body.tasks.0.acceptedOn',
    ],
    [
      'a timestamp of year 0000',
      (f) => (f.goals[0]!.createdAt = '0000-06-01T00:00:00.000Z'),
      'body.goals.0.createdAt',
    ],
    [
      'a timestamp of year 0000 with an offset',
      (f) => (f.backgrounds[0]!.acquiredAt = '0000-01-01T00:30:00+01:00'),
      'body.backgrounds.0.acquiredAt',
    ],
    [
      'an account created in year 0001',
      (f) => (f.user.createdAt = '0001-01-01T00:00:00Z'),
      'body.user.createdAt',
    ],
  ])('%s with 400 and a clear message, never 500', async (_label, change, path) => {
    const file = buildLongLifeExport({
      now: ctx.clock.now(),
      days: 10,
      tasks: 20,
      goals: 3,
      diaryLength: 50,
    });
    change(file);
    const user = await buildUser(ctx);
    const before = await dumpUserRows(ctx, user.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/account/import`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    });
    const body = expectFail(res, 400, 'VALIDATION_ERROR');
    expect(body.issues).toContainEqual({ path, message: 'Expected a date from 2000-01-01 on' });
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
  });
});

/** An OnGoing task of today like `task`, for another catalogue task. */
function ongoingCopy(task: ExportTask, template: (typeof TASK_CATALOGUE)[number]): ExportTask {
  return {
    ...task,
    id: randomUUID(),
    templateSlug: template.slug,
    title: template.title,
    description: template.description,
    mood: template.mood,
    points: template.points,
  };
}
