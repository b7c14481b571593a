/**
 * A signed-in demo user for the browser benches, seeded through the public API over HTTP exactly
 * as the app would: registered, onboarded, today's mood set (so the dashboard opens without its
 * "A new day" dialog), a goal in progress, three accepted tasks of which one is completed, and
 * today's diary entry. The answer is what the SPA keeps in localStorage (`token` and `id`).
 */
import type { AuthAnswer, GeneratedTask, Task } from '@wellspring/shared';

export interface DemoUser {
  token: string;
  userId: string;
}

export interface DemoUserOptions {
  name?: string;
  /** Tasks accepted today (distinct catalogue tasks), 3 by default. */
  acceptedTasks?: number;
  /** How many of them are then completed, 1 by default. */
  completedTasks?: number;
  /** The goal's target; the default is large enough that no completed task finishes it. */
  goalTarget?: number;
  diary?: string;
}

const DEFAULTS: Required<DemoUserOptions> = {
  name: 'Demo User',
  acceptedTasks: 3,
  completedTasks: 1,
  goalTarget: 100_000,
  diary: 'A short walk in the morning sun, then tea with a friend. A calm, good day.',
};

/** One JSON call; throws with the method, path, status and the answer's body on any non-2xx. */
async function callApi<T>(
  baseUrl: string,
  method: string,
  pathAndQuery: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}/api/v1${pathAndQuery}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} /api/v1${pathAndQuery} answered ${response.status}: ${text}`);
  }
  return (text ? JSON.parse(text) : null) as T;
}

/** Registers and seeds a new demo user on the server at `baseUrl` (e.g. http://127.0.0.1:3000). */
export async function seedDemoUser(
  baseUrl: string,
  options: DemoUserOptions = {},
): Promise<DemoUser> {
  const settings = { ...DEFAULTS, ...options };
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const password = 'a calm demo password 123';
  const auth = await callApi<AuthAnswer>(baseUrl, 'POST', '/auth/register', {
    body: {
      name: settings.name,
      email: `demo-${suffix}@example.com`,
      password,
      confirmPassword: password,
      terms: true,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  });
  const token = auth.token;
  const userId = auth.userData.id;
  const id = encodeURIComponent(userId);
  const call = <T>(method: string, pathAndQuery: string, body?: unknown) =>
    callApi<T>(baseUrl, method, pathAndQuery, { token, body });

  await call('PATCH', `/user?id=${id}`, {
    hasOnboarded: true,
    mood: 'Happy',
    hasSetMoodToday: true,
  });
  await call('POST', `/goal?id=${id}`, { target: settings.goalTarget });

  // The generator may offer the same catalogue task twice; accepting it again would be refused.
  const accepted: Task[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; accepted.length < settings.acceptedTasks && attempt < 60; attempt += 1) {
    const { data: offer } = await call<{ data: GeneratedTask }>(
      'GET',
      `/task/generated?id=${id}&mood=Happy`,
    );
    if (seen.has(offer.templateId)) continue;
    seen.add(offer.templateId);
    const { data: task } = await call<{ data: Task }>('POST', `/task?id=${id}`, {
      templateId: offer.templateId,
      title: offer.title,
      mood: offer.mood,
    });
    accepted.push(task);
  }
  if (accepted.length < settings.acceptedTasks) {
    throw new Error(`only ${accepted.length} distinct tasks were offered to the demo user`);
  }
  for (const task of accepted.slice(0, settings.completedTasks)) {
    await call('POST', `/task/completed?taskId=${encodeURIComponent(task.id)}&userId=${id}`);
  }
  await call('POST', '/diary', { id: userId, content: settings.diary });
  return { token, userId };
}
