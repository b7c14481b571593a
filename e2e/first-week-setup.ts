import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newAccount } from './fixtures';

/*
 * Accounts for the first-week spec, made through the API in one call each, and a browser signed in
 * as them (the session SPEC.md keeps in localStorage), so that every test starts where its item
 * starts rather than after the onboarding.
 */

export interface ApiUser {
  id: string;
  email: string;
  name: string;
  headers: { Authorization: string };
  /** The API's root, e.g. http://127.0.0.1:1234/api/v1. */
  api: string;
  /** Where the product answers (the page's origin). */
  base: string;
}

export interface UserSetup {
  timeZone?: string;
  /** A mood set for today; none leaves the day's mood to be asked (newDay). */
  mood?: 'Ecstatic' | 'Happy' | 'Neutral' | 'Sad' | 'Depressed';
  hasOnboarded?: boolean;
  goalTarget?: number;
}

/** Registers a user through the API and applies the setup. */
export async function createUser(
  request: APIRequestContext,
  base: string,
  label: string,
  setup: UserSetup = {},
): Promise<ApiUser> {
  const account = newAccount(label);
  const registered = await request.post(`${base}/api/v1/auth/register`, {
    data: {
      ...account,
      confirmPassword: account.password,
      terms: true,
      timeZone: setup.timeZone ?? 'UTC',
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const { token, userData } = (await registered.json()) as {
    token: string;
    userData: { id: string };
  };
  const user: ApiUser = {
    id: userData.id,
    email: account.email,
    name: account.name,
    headers: { Authorization: `Bearer ${token}` },
    api: `${base}/api/v1`,
    base,
  };
  // A new account has not onboarded; the API only ever turns that to true.
  const patch: Record<string, unknown> = setup.hasOnboarded === false ? {} : { hasOnboarded: true };
  if (setup.mood) Object.assign(patch, { mood: setup.mood, hasSetMoodToday: true });
  if (Object.keys(patch).length > 0) {
    const patched = await request.patch(`${user.api}/user?id=${user.id}`, {
      headers: user.headers,
      data: patch,
    });
    expect(patched.ok(), await patched.text()).toBe(true);
  }
  if (setup.goalTarget) {
    const created = await request.post(`${user.api}/goal?id=${user.id}`, {
      headers: user.headers,
      data: { target: setup.goalTarget },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }
  return user;
}

/** Accepts one suggested task for the mood; answers it as stored. */
export async function addTask(
  request: APIRequestContext,
  user: ApiUser,
  mood = 'Happy',
): Promise<{ id: string; title: string; points: number }> {
  const generated = await request.get(`${user.api}/task/generated?id=${user.id}&mood=${mood}`, {
    headers: user.headers,
  });
  expect(generated.ok(), await generated.text()).toBe(true);
  const { data } = (await generated.json()) as { data: Record<string, unknown> };
  const accepted = await request.post(`${user.api}/task?id=${user.id}`, {
    headers: user.headers,
    data: { ...data, status: 'OnGoing' },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { data: task } = (await accepted.json()) as {
    data: { id: string; title: string; points: number };
  };
  return task;
}

/** Accepts and completes tasks until the current goal is Completed. */
export async function completeGoal(request: APIRequestContext, user: ApiUser): Promise<void> {
  for (let round = 0; round < 120; round += 1) {
    const task = await addTask(request, user);
    const completed = await request.post(
      `${user.api}/task/completed?userId=${user.id}&taskId=${task.id}`,
      { headers: user.headers },
    );
    expect(completed.ok(), await completed.text()).toBe(true);
    const { data: goal } = (await completed.json()) as { data: { status: string } };
    if (goal.status === 'Completed') return;
  }
  throw new Error('The goal was not reached in 120 tasks');
}

/** Writes today's diary. */
export async function writeDiary(request: APIRequestContext, user: ApiUser, content: string) {
  const written = await request.post(`${user.api}/diary`, {
    headers: user.headers,
    data: { content, id: user.id },
  });
  expect(written.ok(), await written.text()).toBe(true);
}

/** Puts the user's session where the web app keeps it, then opens `path`. */
export async function openSignedIn(page: Page, user: ApiUser, path: string): Promise<void> {
  await page.goto(`${user.base}/home/landing`);
  await page.evaluate(
    ([token, id]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('id', id);
    },
    [user.headers.Authorization.replace('Bearer ', ''), user.id] as const,
  );
  await page.goto(`${user.base}${path}`);
}

/**
 * The diary page of the app as installed, its editor ready: the worker holds every file, so
 * nothing written offline waits on the network (on the first visit the page is not yet under the
 * worker's control; it is once reloaded). The spec must allow service workers.
 */
export async function openDiaryAsInstalled(page: Page, user: ApiUser) {
  await openSignedIn(page, user, '/app/diary');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  const editor = page.getByRole('textbox').first();
  await expect(editor).toBeEditable();
  return editor;
}

/** True when the wide navigation bar shows (above 1200 px), false for the floating menu. */
export function hasWideNav(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) > 1200;
}

/** Follows a main navigation entry, through the floating menu where there is one. */
export async function navigateTo(page: Page, label: string): Promise<void> {
  if (!hasWideNav(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** True when two boxes share any area (touching edges do not count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
