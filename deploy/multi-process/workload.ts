/**
 * The deploy check's load through nginx: write loops (mood, diary, accept and complete a task, then
 * three reads) over the seeded users and read loops over all of them, each write counted
 * and each acknowledged one (a 2xx arrived) kept for the check in PostgreSQL afterwards.
 */
import { type SeededUser, utcToday } from '../../scripts/lib/seed';
import { call, dataOf } from './http';
import { LOAD_MAX_MS, READ_WORKERS, WRITE_WORKERS } from './settings';

export type Ack =
  | { kind: 'mood'; userId: string; mood: string; day: string }
  | { kind: 'diary'; userId: string; id: string }
  | { kind: 'task'; userId: string; id: string }
  | { kind: 'complete'; userId: string; id: string };

export interface LoadStats {
  gets: number;
  getFailures: Record<string, number>;
  writes: Record<string, number>;
  writeFailures: Record<string, number>;
  events: string[];
}

const MOODS = ['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed'];
export const bump = (counts: Record<string, number>, key: string) =>
  (counts[key] = (counts[key] ?? 0) + 1);

/** A load that has started: what it has counted so far, and how to stop it. */
export interface Load {
  acks: Ack[];
  stats: LoadStats;
  /** When it started (performance.now()). */
  t0: number;
  /** The time since it started, for the events: "12.3 s". */
  at(): string;
  /** Stops the loops, waits for them, and answers how many users were walked through. */
  stop(): Promise<number>;
}

/** Starts the write and read loops through nginx; they stop at stop() or after LOAD_MAX_MS. */
export function startLoad(nginxUrl: string, users: SeededUser[]): Load {
  const acks: Ack[] = [];
  const stats: LoadStats = { gets: 0, getFailures: {}, writes: {}, writeFailures: {}, events: [] };
  const t0 = performance.now();
  const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  let isStopping = false;
  const isRunning = () => !isStopping && performance.now() - t0 < LOAD_MAX_MS;

  const get = async (user: SeededUser, url: string) => {
    const answer = await call(nginxUrl, 'GET', url, { token: user.token });
    stats.gets += 1;
    if (answer.status < 200 || answer.status > 299) bump(stats.getFailures, String(answer.status));
  };
  const write = async (
    kind: string,
    method: string,
    url: string,
    user: SeededUser,
    body?: unknown,
  ) => {
    const answer = await call(nginxUrl, method, url, { token: user.token, body });
    bump(stats.writes, kind);
    if (answer.status < 200 || answer.status > 299)
      bump(stats.writeFailures, `${kind} ${answer.status}`);
    return answer;
  };

  let nextUser = 0;
  const writer = async () => {
    while (isRunning() && nextUser < users.length) {
      const user = users[nextUser++]!;
      const mood = MOODS[nextUser % MOODS.length]!;
      const day = utcToday();
      const moodAnswer = await write('mood', 'PATCH', `/api/v1/user?id=${user.id}`, user, { mood });
      if (moodAnswer.status === 200) acks.push({ kind: 'mood', userId: user.id, mood, day });
      const diary = await write('diary', 'POST', '/api/v1/diary', user, {
        id: user.id,
        content: `A calm day, written during the deploy check (${user.id}).`,
      });
      if (diary.status === 201)
        acks.push({ kind: 'diary', userId: user.id, id: String(dataOf(diary).id) });
      const generated = await call(
        nginxUrl,
        'GET',
        `/api/v1/task/generated?id=${user.id}&mood=Happy`,
        {
          token: user.token,
        },
      );
      stats.gets += 1;
      if (generated.status !== 200) bump(stats.getFailures, String(generated.status));
      else {
        const template = dataOf(generated);
        const task = await write('task', 'POST', `/api/v1/task?id=${user.id}`, user, {
          templateId: template.templateId,
          title: template.title,
          mood: template.mood,
        });
        if (task.status === 201) {
          const taskId = String(dataOf(task).id);
          acks.push({ kind: 'task', userId: user.id, id: taskId });
          const done = await write(
            'complete',
            'POST',
            `/api/v1/task/completed?taskId=${taskId}&userId=${user.id}`,
            user,
          );
          if (done.status === 200) acks.push({ kind: 'complete', userId: user.id, id: taskId });
        }
      }
      await get(user, `/api/v1/user?id=${user.id}`);
      await get(user, `/api/v1/task?id=${user.id}&page=1&size=7`);
      const now = Date.now();
      await get(
        user,
        `/api/v1/history?id=${user.id}&startDate=${now - 6 * 86_400_000}&endDate=${now}`,
      );
    }
  };
  // Spread over every seeded user: the API allows each user RATE_LIMIT_MAX requests a minute, and
  // on a fast machine four loops over 50 users passed it (29 reads a second each), so the check
  // counted the rate limit's 429s as reads that did not answer.
  const readers = users;
  const reader = async (offset: number) => {
    for (let i = offset; isRunning() && i < 200_000; i += 1) {
      const user = readers[i % readers.length]!;
      await get(
        user,
        i % 2 ? `/api/v1/user?id=${user.id}` : `/api/v1/task?id=${user.id}&page=1&size=7`,
      );
    }
  };

  const workers = [
    ...Array.from({ length: WRITE_WORKERS }, () => writer()),
    ...Array.from({ length: READ_WORKERS }, (_, i) => reader(i * 7)),
  ];
  return {
    acks,
    stats,
    t0,
    at,
    async stop() {
      isStopping = true;
      await Promise.all(workers);
      stats.events.push(`${at()} load stopped`);
      return Math.min(nextUser, users.length);
    },
  };
}
