/**
 * One active user's day as the web app makes it (the model in docs/SCALING.md, built from the web
 * app's query hooks: apps/web/src/lib/query-client.ts sets staleTime 30 s and no refetch on window
 * focus and no polling interval anywhere, so a query is fetched when a page mounts it stale, and
 * again when a write invalidates it while it is mounted):
 *
 * - open the app on the dashboard: GET /user (app layout), /preferences (theme sync), /goal,
 *   /task?status=OnGoing&size=2 (the ongoing tasks card), /insights/support (the support card);
 * - set the day's mood: PATCH /user, then /user and /insights/support again (update-user.ts
 *   invalidates the user and the insights);
 * - generate and accept 3 tasks: GET /task/generated, then 3 × (POST /task, the ongoing list
 *   again, the next suggestion) (create-task.ts);
 * - complete 2: 2 × (POST /task/completed, the ongoing list, /goal) (complete-task.ts; the
 *   history queries are not mounted on the dashboard);
 * - write the day's diary entry: POST /diary, then /user and /insights/support (create-diary.ts);
 * - open the statistics page once: /goal, /goal/all, /history (summary), /history of the week;
 * - open the insights page once: /insights/calendar, /insights/trends?days=30, /insights/findings;
 * - come back to the app REFRESHES times later in the day: the dashboard's five queries, stale by
 *   then, are fetched again on mount.
 */
import type { FastifyInstance } from 'fastify';
import type { SeededUser } from '../../scripts/lib/seed';

/** The app reopened later in the day (the dashboard's queries fetched again, stale). */
export const REFRESHES = Number(process.env.BENCH_CAPACITY_REFRESHES ?? 3);

export interface Call {
  /** The endpoint, as counted in the table (no query values). */
  label: string;
  status: number;
  /** What the driver was asked during the call (wellspring_db_query_duration_seconds). */
  roundTrips: number;
  /** This process's CPU time (user + system) over the call, in microseconds. */
  cpuMicros: number;
}

/** Runs one request and measures it; answers the parsed body. */
export type Send = (
  label: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
) => Promise<{ data?: unknown }>;

const V1 = '/api/v1';
const DIARY_TEXT =
  'Slow start, coffee on the balcony while the street woke up. Work was a long list of small ' +
  'things and I got through most of them without rushing. At lunch I walked to the park and sat ' +
  'by the pond for ten minutes, which helped more than I expected. Afternoon meeting ran late, ' +
  'felt the old tension in my shoulders and did the breathing exercise from last week. Cooked ' +
  'pasta with the last tomatoes, called Mum, she sounded well. Read before bed instead of ' +
  'scrolling. Grateful for: the pond, the call, finishing the report. Tomorrow: stretch first.';

interface Generated {
  templateId: string;
  title: string;
  description: string;
  mood: string;
  points: number;
}

/** The day's reads: label → path, for a user id at `now` (the week of history, the year). */
export const READS: Record<string, (id: string, now: Date) => string> = {
  'GET /user': (id) => `${V1}/user?id=${id}`,
  'GET /preferences': (id) => `${V1}/preferences?id=${id}`,
  'GET /goal': (id) => `${V1}/goal?id=${id}`,
  'GET /task (ongoing, 2)': (id) => `${V1}/task?id=${id}&page=1&size=2&status=OnGoing&date=`,
  'GET /insights/support': (id) => `${V1}/insights/support?id=${id}`,
  'GET /task/generated': (id) => `${V1}/task/generated?id=${id}&mood=Happy`,
  'GET /goal/all': (id) => `${V1}/goal/all?id=${id}`,
  'GET /history (summary)': (id) => `${V1}/history?id=${id}`,
  // The web app's week runs Monday to Sunday; any 7 days cost the same here.
  'GET /history (a week)': (id, now) =>
    `${V1}/history?id=${id}&startDate=${now.getTime() - 6 * 86_400_000}&endDate=${now.getTime()}`,
  'GET /insights/calendar': (id, now) =>
    `${V1}/insights/calendar?id=${id}&year=${now.getUTCFullYear()}`,
  'GET /insights/trends': (id) => `${V1}/insights/trends?id=${id}&days=30`,
  'GET /insights/findings': (id) => `${V1}/insights/findings?id=${id}`,
};

/** Sends one of READS. */
const read = (send: Send, label: string, id: string, now: Date) =>
  send(label, 'GET', READS[label]!(id, now));

/** The dashboard's queries, on opening the app. */
async function openDashboard(send: Send, id: string, now: Date): Promise<void> {
  for (const label of [
    'GET /user',
    'GET /preferences',
    'GET /goal',
    'GET /task (ongoing, 2)',
    'GET /insights/support',
  ]) {
    await read(send, label, id, now);
  }
}

/** Replays the day of `user` through `send`; `now` dates the week of history and the year. */
export async function replayDay(send: Send, user: SeededUser, now: Date): Promise<void> {
  const id = user.id;
  const mood = 'Happy';
  await openDashboard(send, id, now);

  await send('PATCH /user (mood)', 'PATCH', `${V1}/user?id=${id}`, {
    mood,
    hasSetMoodToday: true,
  });
  await read(send, 'GET /user', id, now);
  await read(send, 'GET /insights/support', id, now);

  const generated = async () =>
    (await read(send, 'GET /task/generated', id, now)).data as Generated;
  let suggestion = await generated();
  const accepted: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const { templateId, title, description, points } = suggestion;
    const task = await send('POST /task', 'POST', `${V1}/task?id=${id}`, {
      templateId,
      title,
      description,
      mood: suggestion.mood,
      points,
      status: 'OnGoing',
    });
    accepted.push((task.data as { id: string }).id);
    await read(send, 'GET /task (ongoing, 2)', id, now);
    suggestion = await generated();
  }

  for (const taskId of accepted.slice(0, 2)) {
    await send(
      'POST /task/completed',
      'POST',
      `${V1}/task/completed?taskId=${taskId}&userId=${id}`,
    );
    await read(send, 'GET /task (ongoing, 2)', id, now);
    await read(send, 'GET /goal', id, now);
  }

  await send('POST /diary', 'POST', `${V1}/diary`, { content: DIARY_TEXT, id });
  await read(send, 'GET /user', id, now);
  await read(send, 'GET /insights/support', id, now);

  for (const label of [
    // Statistics.
    'GET /goal',
    'GET /goal/all',
    'GET /history (summary)',
    'GET /history (a week)',
    // Insights.
    'GET /insights/calendar',
    'GET /insights/trends',
    'GET /insights/findings',
  ]) {
    await read(send, label, id, now);
  }

  for (let i = 0; i < REFRESHES; i += 1) await openDashboard(send, id, now);
}

/** The sender over app.inject for one user, recording every call into `calls`. */
export function injector(
  app: FastifyInstance,
  user: SeededUser,
  measure: {
    roundTrips: () => Promise<number>;
    settle: () => Promise<void>;
    calls: Call[];
  },
): Send {
  return async (label, method, url, body) => {
    await measure.settle();
    const tripsBefore = await measure.roundTrips();
    const cpuBefore = process.cpuUsage();
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${user.token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const cpu = process.cpuUsage(cpuBefore);
    await measure.settle();
    const roundTrips = (await measure.roundTrips()) - tripsBefore;
    measure.calls.push({
      label,
      status: response.statusCode,
      roundTrips,
      cpuMicros: cpu.user + cpu.system,
    });
    if (response.statusCode >= 400) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json() as { data?: unknown };
  };
}
