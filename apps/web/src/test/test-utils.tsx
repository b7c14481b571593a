import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { User } from '@wellspring/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { writeStoredSession } from '@/lib/auth-storage';
import { loadLandingPage } from '@/lib/landing-page';
import { createQueryClient } from '@/lib/query-client';
import { checkAnswer } from './contract-answers';
import { buildUser } from './factories';
import { setViewportWidth } from './media';

export { setViewportWidth };
/** The test data: one set of factories (./factories), reachable from here too. */
export * from './factories';

/** A fresh query client with the app's settings; retries off unless asked for. */
export function createTestQueryClient({ retry = false }: { retry?: boolean } = {}): QueryClient {
  const client = createQueryClient();
  if (!retry) {
    client.setDefaultOptions({
      ...client.getDefaultOptions(),
      queries: { ...client.getDefaultOptions().queries, retry: false },
    });
  }
  return client;
}

export const TEST_TOKEN = 'test-token';

/** Saves a session in localStorage as a previous visit would have. */
export function saveSession(user: Pick<User, 'id'> = buildUser()): void {
  writeStoredSession(TEST_TOKEN, user.id);
}

export interface RecordedCall {
  method: string;
  /** The path after /api/v1, without the query. */
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => unknown;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function success(data: unknown): Response {
  return json(200, { status: 'success', data });
}

export function failure(statusCode: number, code: string, message: string): Response {
  return json(statusCode, { status: 'fail', statusCode, code, message, requestId: 'req-1' });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Replaces the global fetch with the API answering from `handlers`, keyed 'METHOD /path'.
 * A handler answers a Response, or a value sent as `{ status: 'success', data }`; it may throw
 * to simulate a network failure. Unknown calls answer 404. Every JSON answer is parsed with the
 * shared contract's schema of that call (./contract-answers): one it rejects fails the test.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, url, headers, body };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler) return failure(404, 'NOT_FOUND', `No route matches ${method} ${path}`);
    const answer = await handler(call);
    const response = answer instanceof Response ? answer : success(answer);
    const text = await response.clone().text();
    checkAnswer(method, path, response.status, text ? parseJson(text) : undefined);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** Renders the whole app (providers and the real route table) at a path. */
export function renderApp(
  path: string,
  {
    queryClient = createTestQueryClient(),
    width,
  }: { queryClient?: QueryClient; width?: number } = {},
) {
  if (width !== undefined) setViewportWidth(width);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}

/** How many times the app has loaded the landing page in full (mocked in setup.ts). */
export function landingPageLoads(): number {
  return vi.mocked(loadLandingPage).mock.calls.length;
}

export { captureConsoleErrors } from './console';
export { expectToast } from './toasts';
