import { describe, expect, it } from 'vitest';
import { TimeSlicer } from '../../lib/time-slicer';
import {
  A_START,
  GOAL_A,
  GOAL_B,
  TODAY,
  changed,
  honestFile,
  issuesOf,
  task,
} from './import-rules.test-helpers';

/**
 * The import's rules (import-rules.ts) called directly on a small file: each broken rule is named
 * by its path and its message, word for word, and only it (decision 034).
 */
describe('checkImportRules names each broken rule', () => {
  const FUTURE = 'Lies in the future';
  const NOT_THE_DAY = 'Is not the date of its time in any time zone';
  const LATER_DAY = `Is later than today (${TODAY})`;

  it('finds nothing in an honest file, whose goals come in any order', async () => {
    expect(await issuesOf(honestFile())).toEqual([]);
    expect(await issuesOf(changed((f) => f.goals.reverse()))).toEqual([]);
    expect(await issuesOf(changed((f) => (f.user.selectedBackground = null)))).toEqual([]);
  });

  it('names rows that appear twice, by their key', async () => {
    const file = changed((f) => {
      f.backgrounds.push({ ...f.backgrounds[1]! });
      f.goals.push({ ...f.goals[1]! });
      f.diaries.push({ ...f.diaries[0]! });
      f.moods.push({ ...f.moods[0]! });
    });
    const issues = await issuesOf(file);
    expect(issues).toContainEqual({
      path: 'body.backgrounds.2.slug',
      message: 'Appears twice: forest',
    });
    expect(issues).toContainEqual({ path: 'body.goals.2.id', message: `Appears twice: ${GOAL_B}` });
    expect(issues).toContainEqual({
      path: 'body.diaries.1.date',
      message: 'Appears twice: 2026-03-05',
    });
    expect(issues).toContainEqual({
      path: 'body.moods.1.date',
      message: 'Appears twice: 2026-03-05',
    });
  });

  it('names a selected background the account does not own', async () => {
    const file = changed((f) => (f.user.selectedBackground = 'lake'));
    expect(await issuesOf(file)).toEqual([
      { path: 'body.user.selectedBackground', message: 'Is not among the backgrounds' },
    ]);
  });

  it("names a goal's tier, points, count and status that its target and tasks do not make", async () => {
    const tier = changed((f) => (f.goals[1]!.tier = 1));
    expect(await issuesOf(tier)).toEqual([
      { path: 'body.goals.1.tier', message: 'Is not the tier of the target' },
    ]);
    const earned = changed((f) => (f.goals[1]!.earned = 10_000));
    expect(await issuesOf(earned)).toEqual([
      {
        path: 'body.goals.1.earned',
        message: 'Is not the sum of the points of its completed tasks',
      },
    ]);
    const count = changed((f) => (f.goals[1]!.taskCompleted = 1));
    expect(await issuesOf(count)).toEqual([
      { path: 'body.goals.1.taskCompleted', message: 'Is not the number of its completed tasks' },
    ]);
    const status = changed((f) => {
      f.goals[1]!.target = 50_000;
      f.goals[1]!.tier = 1;
      f.goals[1]!.earned = 50_000;
      f.goals[1]!.taskCompleted = 5;
      f.tasks.push(...[1, 2, 3, 4, 5].map((h) => task(GOAL_B, `2026-03-03T0${h}:00:00.000Z`)));
    });
    expect(await issuesOf(status)).toEqual([
      {
        path: 'body.goals.1.status',
        message: 'A goal is completed exactly when its points reach the target',
      },
    ]);
  });

  it("names a goal's dates in the future, missing, extra or before its start", async () => {
    const future = changed((f) => (f.goals[1]!.createdAt = '2026-03-10T12:00:00.001Z'));
    expect(await issuesOf(future)).toContainEqual({
      path: 'body.goals.1.createdAt',
      message: FUTURE,
    });
    const extra = changed((f) => (f.goals[1]!.completedAt = '2026-03-10T10:00:00.000Z'));
    expect(await issuesOf(extra)).toEqual([
      { path: 'body.goals.1.completedAt', message: 'Only a completed goal has completedAt' },
    ]);
    const later = changed((f) => (f.goals[0]!.completedAt = '2026-03-10T12:00:00.001Z'));
    expect(await issuesOf(later)).toContainEqual({
      path: 'body.goals.0.completedAt',
      message: FUTURE,
    });
    const before = changed((f) => (f.goals[0]!.completedAt = '2026-03-01T07:59:59.999Z'));
    expect(await issuesOf(before)).toContainEqual({
      path: 'body.goals.0.completedAt',
      message: 'Is before createdAt',
    });
  });

  it('names a reward a goal cannot have, or claimed where it cannot be', async () => {
    const inProgress = changed((f) => (f.goals[1]!.rewardBackground = 'sea'));
    expect(await issuesOf(inProgress)).toEqual([
      { path: 'body.goals.1.rewardBackground', message: 'Only a completed goal wins a reward' },
    ]);
    const tier = changed((f) => {
      f.goals[0]!.rewardBackground = 'sea';
      f.backgrounds[1]!.slug = 'sea';
      f.user.selectedBackground = 'sea';
    });
    expect(await issuesOf(tier)).toEqual([
      { path: 'body.goals.0.rewardBackground', message: "Is not a background of the goal's tier" },
    ]);
    const nothing = changed((f) => (f.goals[1]!.hasClaimedReward = true));
    expect(await issuesOf(nothing)).toEqual([
      { path: 'body.goals.1.hasClaimedReward', message: 'The goal has no reward to claim' },
    ]);
    const notOwned = changed((f) => {
      f.backgrounds.pop();
      f.user.selectedBackground = null;
    });
    expect(await issuesOf(notOwned)).toEqual([
      {
        path: 'body.goals.0.hasClaimedReward',
        message: 'A claimed reward must be among the backgrounds',
      },
    ]);
    const owned = changed((f) => (f.goals[0]!.rewardBackground = 'default'));
    expect(await issuesOf(owned)).toContainEqual({
      path: 'body.goals.0.rewardBackground',
      message: 'Was owned already: a goal wins a background not owned yet',
    });
  });

  it('names goals that do not come one after another', async () => {
    const twoOpen = changed((f) => {
      Object.assign(f.goals[0]!, {
        status: 'OnProgress',
        target: 60_000,
        completedAt: null,
        rewardBackground: null,
        hasClaimedReward: false,
      });
      f.backgrounds.pop();
      f.user.selectedBackground = null;
    });
    expect(await issuesOf(twoOpen)).toEqual([
      { path: 'body.goals.0.status', message: 'Only the latest goal can be in progress' },
    ]);
    const early = changed((f) => (f.goals[1]!.createdAt = '2026-03-02T09:59:59.999Z'));
    expect(await issuesOf(early)).toEqual([
      { path: 'body.goals.1.createdAt', message: 'Starts before the goal before it was completed' },
    ]);
    const unclaimed = changed((f) => {
      f.goals[0]!.hasClaimedReward = false;
      f.backgrounds.pop();
      f.user.selectedBackground = null;
    });
    expect(await issuesOf(unclaimed)).toEqual([
      {
        path: 'body.goals.0.hasClaimedReward',
        message: 'A reward is claimed before the next goal starts',
      },
    ]);
  });

  it('orders two goals of the same start by completion, the completed one first', async () => {
    // Goal A completed the instant it started (its tasks too); B starts that instant.
    const file = changed((f) => {
      f.goals[0]!.completedAt = A_START;
      f.goals[1]!.createdAt = A_START;
      f.tasks.forEach((t) => {
        if (t.goalId === GOAL_A)
          Object.assign(t, {
            createdAt: A_START,
            completedAt: A_START,
            acceptedOn: '2026-03-01',
            completedOn: '2026-03-01',
          });
      });
      f.backgrounds[1]!.acquiredAt = A_START;
      f.goals.reverse();
    });
    expect(await issuesOf(file)).toEqual([]);
  });

  it("names a task's mood, goal, days and completion that do not fit", async () => {
    const mood = changed((f) => (f.tasks[0]!.mood = 'Sad'));
    expect(await issuesOf(mood)).toEqual([
      { path: 'body.tasks.0.mood', message: "Is not the catalogue's mood for this task (Happy)" },
    ]);
    const noGoal = changed((f) => (f.tasks[6]!.goalId = '00000000-0000-4000-8000-0000000000ff'));
    expect(await issuesOf(noGoal)).toEqual([
      { path: 'body.tasks.6.goalId', message: 'No goal of the file has this id' },
    ]);
    const outside = changed((f) => (f.tasks[6]!.goalId = GOAL_A));
    expect(await issuesOf(outside)).toContainEqual({
      path: 'body.tasks.6.createdAt',
      message: 'Is not a time its goal was in progress',
    });
    const half = changed((f) => (f.tasks[0]!.completedOn = null));
    expect(await issuesOf(half)).toEqual([
      {
        path: 'body.tasks.0.completedAt',
        message: 'Only a completed task has completedAt and completedOn',
      },
    ]);
    const before = changed((f) => (f.tasks[0]!.completedAt = '2026-03-01T08:59:59.999Z'));
    expect(await issuesOf(before)).toEqual([
      { path: 'body.tasks.0.completedAt', message: 'Is before createdAt' },
    ]);
    const laterDay = changed((f) => (f.tasks[0]!.completedOn = '2026-03-11'));
    expect(await issuesOf(laterDay)).toEqual([
      { path: 'body.tasks.0.completedOn', message: LATER_DAY },
    ]);
    const notTheDay = changed((f) => (f.tasks[0]!.completedOn = '2026-02-20'));
    expect(await issuesOf(notTheDay)).toEqual([
      { path: 'body.tasks.0.completedOn', message: NOT_THE_DAY },
    ]);
    // A catalogue task completed before and OnGoing today is OnGoing once; twice today is not.
    const doneThenOngoing = changed((f) => (f.tasks[6]!.templateSlug = 't5'));
    expect(await issuesOf(doneThenOngoing)).toEqual([]);
    const ongoingTwice = changed((f) =>
      f.tasks.push({ ...f.tasks[6]!, id: GOAL_A.replace('8000', '9999') }),
    );
    expect(await issuesOf(ongoingTwice)).toEqual([
      { path: 'body.tasks.7.templateSlug', message: 'This catalogue task is OnGoing twice' },
    ]);
  });

  it("names a task's points, acceptance day and completion fields that do not fit", async () => {
    const points = changed((f) => (f.tasks[6]!.points = 5_000));
    expect(await issuesOf(points)).toEqual([
      {
        path: 'body.tasks.6.points',
        message: "Is not the catalogue's points for this task (10000)",
      },
    ]);
    const laterDay = changed((f) => (f.tasks[6]!.acceptedOn = '2026-03-11'));
    expect(await issuesOf(laterDay)).toEqual([
      { path: 'body.tasks.6.acceptedOn', message: LATER_DAY },
    ]);
    const notTheDay = changed((f) => (f.tasks[6]!.acceptedOn = '2026-03-08'));
    expect(await issuesOf(notTheDay)).toEqual([
      { path: 'body.tasks.6.acceptedOn', message: NOT_THE_DAY },
    ]);
    const noCompletedAt = changed((f) => (f.tasks[0]!.completedAt = null));
    expect(await issuesOf(noCompletedAt)).toEqual([
      {
        path: 'body.tasks.0.completedAt',
        message: 'Only a completed task has completedAt and completedOn',
      },
    ]);
    // A completed task of no goal counts towards no goal's totals.
    const orphan = changed((f) => (f.tasks[0]!.goalId = '00000000-0000-4000-8000-0000000000ff'));
    expect(await issuesOf(orphan)).toEqual([
      {
        path: 'body.goals.0.earned',
        message: 'Is not the sum of the points of its completed tasks',
      },
      { path: 'body.goals.0.taskCompleted', message: 'Is not the number of its completed tasks' },
      { path: 'body.tasks.0.goalId', message: 'No goal of the file has this id' },
    ]);
  });

  it("names diary entries' and moods' dates in the future, later than today or not their day", async () => {
    const diary = changed((f) => {
      f.diaries.push({
        date: '2026-03-11',
        createdAt: '2026-03-10T12:00:00.001Z',
        content: 'Soon',
      });
      f.diaries.push({
        date: '2026-03-06',
        createdAt: '2026-03-09T10:00:00.000Z',
        content: 'Late',
      });
    });
    expect(await issuesOf(diary)).toEqual([
      { path: 'body.diaries.1.createdAt', message: FUTURE },
      { path: 'body.diaries.1.date', message: LATER_DAY },
      { path: 'body.diaries.2.date', message: NOT_THE_DAY },
    ]);
    const mood = changed((f) => {
      f.moods.push({ date: '2026-03-11', mood: 'Sad', updatedAt: '2026-03-10T12:00:00.001Z' });
      f.moods.push({ date: '2026-03-06', mood: 'Sad', updatedAt: '2026-03-09T10:00:00.000Z' });
    });
    expect(await issuesOf(mood)).toEqual([
      { path: 'body.moods.1.updatedAt', message: FUTURE },
      { path: 'body.moods.1.date', message: LATER_DAY },
      { path: 'body.moods.2.date', message: NOT_THE_DAY },
    ]);
  });

  it('names owned backgrounds never won, or acquired before their goal was completed', async () => {
    const unclaimed = changed((f) => {
      // The latest goal completed, its reward not claimed yet: the background is not won.
      Object.assign(f.goals[1]!, {
        status: 'Completed',
        target: 50_000,
        tier: 1,
        earned: 50_000,
        taskCompleted: 5,
        completedAt: '2026-03-03T10:00:00.000Z',
        rewardBackground: 'lake',
      });
      f.tasks.splice(
        5,
        2,
        ...[1, 2, 3, 4, 5].map((h, n) =>
          task(GOAL_B, `2026-03-03T0${h}:00:00.000Z`, { templateSlug: `t${n + 1}` }),
        ),
      );
      f.backgrounds.push({ slug: 'lake', acquiredAt: '2026-03-03T10:00:00.000Z' });
    });
    expect(await issuesOf(unclaimed)).toEqual([
      {
        path: 'body.backgrounds.2.slug',
        message: 'Was never won: not a reward claimed by a goal of the file',
      },
    ]);
    const early = changed((f) => (f.backgrounds[1]!.acquiredAt = '2026-03-02T09:59:59.999Z'));
    expect(await issuesOf(early)).toEqual([
      { path: 'body.backgrounds.1.acquiredAt', message: 'Is before its goal was completed' },
    ]);
    const future = changed((f) => (f.backgrounds[0]!.acquiredAt = '2026-03-10T12:00:00.001Z'));
    expect(await issuesOf(future)).toEqual([
      { path: 'body.backgrounds.0.acquiredAt', message: FUTURE },
    ]);
  });

  it('gives the event loop a turn while it checks, when the slice has run its time', async () => {
    let turned = false;
    setImmediate(() => (turned = true));
    await issuesOf(honestFile(), new TimeSlicer(0));
    expect(turned).toBe(true);
  });
});
