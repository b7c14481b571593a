import { type ChosenMood, type ExportFile } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import type { TestUser } from '../../../test/factories';
import { asImported } from './account.test-helpers';

const API = '/api/v1';
const PASSWORD = 'a long enough password';
const HOUR = 3_600_000;

/** What must come back the same: every row, without ids, the email and the account's own times. */
function comparable(file: ExportFile) {
  const goals = [...file.goals].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const goalIndex = new Map(goals.map((g, i) => [g.id, i]));
  const { createdAt: _createdAt, email: _email, ...user } = file.user;
  return {
    user,
    goals: goals.map(({ id: _id, ...goal }) => goal),
    tasks: file.tasks
      .map(({ id: _id, goalId, ...task }) => ({ ...task, goal: goalIndex.get(goalId) }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    diaries: file.diaries,
    moods: file.moods,
    measureResults: file.measureResults,
    backgrounds: [...file.backgrounds].sort((a, b) => a.slug.localeCompare(b.slug)),
  };
}

// Every honest export imports: a long life lived through the API, as a person would.
describe('an export of a long, varied life through the API', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const api = (user: TestUser | undefined, method: string, path: string, body?: unknown) =>
    call(ctx.app, method as 'GET', `${API}${path}`, { token: user?.token, body });

  async function ok(user: TestUser, method: string, path: string, body?: unknown) {
    const res = await api(user, method, path, body);
    expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    return res.json() as { data: Record<string, unknown> };
  }

  async function register(email: string, timeZone: string): Promise<TestUser> {
    const res = await api(undefined, 'POST', '/auth/register', {
      name: 'Varied Life',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: true,
      timeZone,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    return { id: body.userData.id, token: body.token, name: 'Varied Life', email, timeZone };
  }

  it(
    'imports into a new account, and exports again the same record, without its rewards',
    { timeout: 180_000 },
    async () => {
      const user = await register('varied-life@example.test', 'Pacific/Auckland');
      const moods: ChosenMood[] = ['Depressed', 'Sad', 'Neutral', 'Happy', 'Ecstatic'];
      const targets = [50_000, 100_000, 50_000, 200_000, 50_000, 150_000];
      let goalCount = 0;
      let isInProgress = false;
      const startGoal = async () => {
        await ok(user, 'POST', `/goal?id=${user.id}`, { target: targets[goalCount % 6] });
        goalCount += 1;
        isInProgress = true;
      };
      /** Claims the reward of a goal just completed, if it won one; selects every other. */
      const claim = async () => {
        const res = await api(user, 'POST', `/goal/claim?id=${user.id}`);
        if (res.statusCode === 200 && goalCount % 2 === 0) {
          const backgroundId = res.json().data.background.id as string;
          await ok(user, 'PATCH', `/background/user?id=${user.id}`, { backgroundId });
        }
      };

      await ok(user, 'PATCH', `/user?id=${user.id}`, { hasOnboarded: true, name: 'Vera Varied' });
      // Each day starts about 22:00 UTC: late morning in Auckland, afternoon in Los Angeles.
      const base = Date.parse('2026-03-10T22:00:00.000Z');
      for (let day = 0; day < 40; day += 1) {
        ctx.clock.set(new Date(base + day * 24 * HOUR + ((day % 3) - 1) * HOUR));
        if (day % 10 === 9) {
          // Sessions last at most 30 days: sign in again now and then, as a person would.
          const login = await api(undefined, 'POST', '/auth/login', {
            email: user.email,
            password: PASSWORD,
          });
          expect(login.statusCode, login.body).toBe(200);
          user.token = login.json().token as string;
        }
        if (day === 18) {
          // Moved from New Zealand to California: the local date steps back a day.
          await ok(user, 'PATCH', `/user?id=${user.id}`, { timeZone: 'America/Los_Angeles' });
        }
        const mood = moods[day % moods.length]!;
        await ok(user, 'PATCH', `/user?id=${user.id}`, { mood, hasSetMoodToday: true });
        if (day % 5 !== 3) {
          const diary = await api(user, 'POST', '/diary', {
            id: user.id,
            content: `Day ${day}: "${mood}", and a line\nwith ünïcödé 🌱, =1+1.`,
          });
          // The day after the move is the same local date again: its entry is written already.
          expect([201, 409], diary.body).toContain(diary.statusCode);
        }
        if (day % 14 === 4) {
          // Every two weeks the questionnaires, PHQ-9 with its difficulty answer.
          await ok(user, 'POST', `/measures/phq9/results?id=${user.id}`, {
            answers: [1, 2, 1, 0, 1, 2, 0, 1, day % 2],
            difficulty: 1,
          });
          ctx.clock.advance(60_000);
          await ok(user, 'POST', `/measures/who5/results?id=${user.id}`, {
            answers: [3, 2, 4, 1, day % 6],
          });
        }
        if (!isInProgress) await startGoal();
        if (day === 9) {
          // A target lowered below the points already earned completes the goal there and then.
          const goal = (await ok(user, 'GET', `/goal?id=${user.id}`)).data;
          if (Number(goal.earned) >= 50_000) {
            await ok(user, 'PATCH', `/goal?id=${user.id}`, { target: 50_000 });
            isInProgress = false;
            await claim();
            await startGoal();
          }
        }

        // A few tasks accepted, then most completed; one discarded now and then, and one left
        // OnGoing some days (the next day's rollover expires it). A task completed after its goal
        // was reached still counts for that goal, as the API does.
        const accepted: string[] = [];
        for (let n = 0; n < 1 + (day % 4); n += 1) {
          const generated = await ok(
            user,
            'GET',
            `/task/generated?id=${user.id}&mood=${day % 3 === 0 ? 'Depressed' : mood}`,
          );
          const task = await ok(user, 'POST', `/task?id=${user.id}`, {
            ...generated.data,
            status: 'OnGoing',
          });
          accepted.push(task.data.id as string);
          ctx.clock.advance(7 * 60_000);
        }
        for (const [n, taskId] of accepted.entries()) {
          if (n === 2 && day % 3 === 0) {
            await ok(user, 'DELETE', `/task?taskId=${taskId}`);
          } else if (!(n === 1 && day % 4 === 1)) {
            const goal = await ok(
              user,
              'POST',
              `/task/completed?taskId=${taskId}&userId=${user.id}`,
            );
            if (goal.data.status === 'Completed') isInProgress = false;
          }
          ctx.clock.advance(11 * 60_000);
        }
        if (!isInProgress) {
          await claim();
          if (day % 2 === 0) await startGoal(); // else the next goal waits for tomorrow
        }
      }

      // And today, two tasks on the go.
      if (!isInProgress) await startGoal();
      for (const mood of ['Happy', 'Sad']) {
        const generated = await ok(user, 'GET', `/task/generated?id=${user.id}&mood=${mood}`);
        await ok(user, 'POST', `/task?id=${user.id}`, { ...generated.data, status: 'OnGoing' });
      }

      const exported = await api(user, 'GET', '/account/export');
      expect(exported.statusCode).toBe(200);
      const first = JSON.parse(exported.body) as ExportFile;
      expect(first.goals.length).toBeGreaterThanOrEqual(4);
      expect(first.measureResults).toHaveLength(6);
      expect(first.backgrounds.length).toBeGreaterThanOrEqual(3);
      expect(new Set(first.tasks.map((t) => t.status))).toEqual(
        new Set(['Completed', 'Expired', 'OnGoing']),
      );

      const fresh = await register('varied-life-again@example.test', 'UTC');
      const imported = await api(fresh, 'POST', '/account/import', first);
      expect(imported.statusCode, imported.body.slice(0, 800)).toBe(200);
      const second = JSON.parse((await api(fresh, 'GET', '/account/export')).body) as ExportFile;
      // The same record; the rewards are not carried over (decision 066).
      expect(comparable(second)).toEqual(comparable(asImported(first, second.user.createdAt)));
    },
  );
});
