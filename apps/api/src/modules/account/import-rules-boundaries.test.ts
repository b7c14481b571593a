import { describe, expect, it } from 'vitest';
import { MAX_ONGOING_TASKS, MAX_TASKS_ACCEPTED_PER_DAY } from '../task/task.service';
import {
  A_DONE,
  A_START,
  GOAL_A,
  GOAL_B,
  NOW,
  TODAY,
  changed,
  issuesOf,
  task,
} from './import-rules.test-helpers';

const FUTURE = 'Lies in the future';
const iso = (ms: number) => new Date(ms).toISOString();
const NOW_MS = NOW.getTime();

/**
 * Each limit of the import's rules with a row exactly on it (accepted) and one past it (refused,
 * named word for word): times against now and against the goal's span, the tasks accepted in a
 * day and the tasks OnGoing at once (decision 034).
 */
describe('checkImportRules puts each limit where the product does', () => {
  it('takes a row stamped now, and names one a millisecond later', async () => {
    const at = (ms: number) =>
      changed((f) => {
        f.user.createdAt = iso(ms);
        f.tasks[6]!.createdAt = iso(ms);
        f.diaries[0]!.createdAt = iso(ms);
        f.diaries[0]!.date = TODAY;
      });
    expect(await issuesOf(at(NOW_MS))).toEqual([]);
    expect(await issuesOf(at(NOW_MS + 1))).toEqual([
      { path: 'body.user.createdAt', message: FUTURE },
      { path: 'body.tasks.6.createdAt', message: FUTURE },
      { path: 'body.diaries.0.createdAt', message: FUTURE },
    ]);
  });

  it('takes a task completed now, and names one completed a millisecond later', async () => {
    const at = (ms: number) =>
      changed((f) => {
        Object.assign(f.tasks[6]!, {
          status: 'Completed',
          completedAt: iso(ms),
          completedOn: TODAY,
        });
        f.goals[1]!.earned = 10_000;
        f.goals[1]!.taskCompleted = 1;
      });
    expect(await issuesOf(at(NOW_MS))).toEqual([]);
    expect(await issuesOf(at(NOW_MS + 1))).toEqual([
      { path: 'body.tasks.6.completedAt', message: FUTURE },
    ]);
  });

  it("takes a task created at its goal's start or completion, and names one a millisecond outside", async () => {
    const outside = 'Is not a time its goal was in progress';
    const first = (createdAt: string) =>
      changed((f) =>
        Object.assign(f.tasks[0]!, { createdAt, completedAt: A_DONE, completedOn: '2026-03-02' }),
      );
    const last = (createdAt: string) =>
      changed((f) =>
        Object.assign(f.tasks[4]!, { createdAt, acceptedOn: '2026-03-02', completedAt: createdAt }),
      );
    expect(await issuesOf(first(A_START))).toEqual([]);
    expect(await issuesOf(last(A_DONE))).toEqual([]);
    expect(await issuesOf(first(iso(Date.parse(A_START) - 1)))).toEqual([
      { path: 'body.tasks.0.createdAt', message: outside },
    ]);
    const late = iso(Date.parse(A_DONE) + 1);
    expect(await issuesOf(last(late))).toEqual([
      { path: 'body.tasks.4.createdAt', message: outside },
    ]);
  });

  it(`takes ${MAX_TASKS_ACCEPTED_PER_DAY} tasks accepted in a day, and names the one more`, async () => {
    const accepted = (count: number) =>
      changed((f) => {
        for (let n = 1; n < count; n += 1) {
          f.tasks.push(
            task(GOAL_B, iso(Date.parse('2026-03-05T10:00:00.000Z') + n * 60_000), {
              status: 'Expired',
              completedAt: null,
              completedOn: null,
            }),
          );
        }
      });
    expect(await issuesOf(accepted(MAX_TASKS_ACCEPTED_PER_DAY))).toEqual([]);
    const over = accepted(MAX_TASKS_ACCEPTED_PER_DAY + 1);
    expect(await issuesOf(over)).toEqual([
      {
        path: `body.tasks.${over.tasks.length - 1}.acceptedOn`,
        message: `More than ${MAX_TASKS_ACCEPTED_PER_DAY} tasks accepted that day`,
      },
    ]);
  });

  it(`takes ${MAX_ONGOING_TASKS} tasks OnGoing today, besides older and finished ones, and names the one more`, async () => {
    const ongoing = (count: number) =>
      changed((f) => {
        for (let n = 2; n <= count; n += 1) {
          f.tasks.push(
            task(GOAL_B, `2026-03-10T10:${String(n).padStart(2, '0')}:00.000Z`, {
              templateSlug: `t${n}`,
              status: 'OnGoing',
              completedAt: null,
              completedOn: null,
            }),
          );
        }
        // Not OnGoing today: t1 left OnGoing yesterday, and t1 completed today.
        f.tasks.push(
          task(GOAL_B, '2026-03-09T10:00:00.000Z', {
            status: 'OnGoing',
            completedAt: null,
            completedOn: null,
          }),
        );
        f.tasks.push(task(GOAL_B, '2026-03-10T08:00:00.000Z'));
        f.goals[1]!.earned = 10_000;
        f.goals[1]!.taskCompleted = 1;
      });
    expect(await issuesOf(ongoing(MAX_ONGOING_TASKS))).toEqual([]);
    const over = ongoing(MAX_ONGOING_TASKS + 1);
    expect(await issuesOf(over)).toEqual([
      {
        path: `body.tasks.${over.tasks.length - 3}.status`,
        message: `More than ${MAX_ONGOING_TASKS} tasks OnGoing at once`,
      },
    ]);
  });

  it('takes a goal completed the instant it started, and names one completed a millisecond before', async () => {
    const file = changed((f) => {
      f.goals[0]!.completedAt = A_START;
      f.goals[1]!.createdAt = A_START;
      f.backgrounds[1]!.acquiredAt = A_START;
      for (const t of f.tasks) {
        if (t.goalId === GOAL_A)
          Object.assign(t, {
            createdAt: A_START,
            completedAt: A_START,
            acceptedOn: '2026-03-01',
            completedOn: '2026-03-01',
          });
      }
    });
    expect(await issuesOf(file)).toEqual([]);
    file.goals[0]!.completedAt = iso(Date.parse(A_START) - 1);
    expect(await issuesOf(file)).toContainEqual({
      path: 'body.goals.0.completedAt',
      message: 'Is before createdAt',
    });
  });
});
