import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, isWideNav, newAccount, registerThroughForm } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
export const PHONE = { width: 360, height: 780 };
export const DELETE_SUCCESS = 'Successfuly deleted new task';
export const RESTORE_SUCCESS = 'Your task is back';
export const DELETE_FAILURE = 'Oops, something went wrong while trying to delete a new task';

export async function expectNoSeriousViolations(page: Page, where: string) {
  // Colours are only final once entrance animations have finished.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious, `axe on ${where}`).toEqual([]);
}

/** The page is no wider than the window: nothing makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, width, culprits } = await page.evaluate(() => {
    const innerWidth = window.innerWidth;
    // The outermost elements reaching past the window's right edge, to name in the message.
    const wide = [...document.querySelectorAll('body *')].filter(
      (element) =>
        element.getBoundingClientRect().right > innerWidth + 1 ||
        element.scrollWidth > element.clientWidth + 1,
    );
    const outermost = wide.filter((element) => !wide.includes(element.parentElement!));
    return {
      scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      width: innerWidth,
      culprits: outermost
        .slice(0, 3)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)} (${Math.round(element.getBoundingClientRect().right)} px)`,
        ),
    };
  });
  expect(
    scrollWidth,
    `${where} at ${width} px lays out ${scrollWidth} px wide: ${culprits.join('; ')}`,
  ).toBeLessThanOrEqual(width);
}

interface Session {
  id: string;
  headers: { Authorization: string };
}

async function readSession(page: Page): Promise<Session> {
  const [token, id] = await page.evaluate(() => [
    localStorage.getItem('token'),
    localStorage.getItem('id'),
  ]);
  expect(token && id).toBeTruthy();
  return { id: id!, headers: { Authorization: `Bearer ${token}` } };
}

/**
 * Registers through the form, then settles the account through the API: onboarded, today's mood
 * set (so no daily dialog opens), and what `extra` asks for.
 */
export async function registerAndSettle(
  page: Page,
  label: string,
  extra: {
    name?: string;
    diary?: string;
    goal?: number;
    mood?: boolean;
    /** Runs on onboarding step 1, before the account is settled. */
    atOnboarding?: () => Promise<void>;
  } = {},
) {
  const account = { ...newAccount(label), ...(extra.name ? { name: extra.name } : {}) };
  await registerThroughForm(page, account);
  await extra.atOnboarding?.();
  const session = await readSession(page);
  const patch =
    extra.mood === false
      ? { hasOnboarded: true, hasSetMoodToday: true }
      : { hasOnboarded: true, mood: 'Happy', hasSetMoodToday: true };
  const patched = await page.request.patch(`/api/v1/user?id=${session.id}`, {
    headers: session.headers,
    data: patch,
  });
  expect(patched.ok(), await patched.text()).toBe(true);
  if (extra.diary) {
    const written = await page.request.post('/api/v1/diary', {
      headers: session.headers,
      data: { content: extra.diary, id: session.id },
    });
    expect(written.ok()).toBe(true);
  }
  if (extra.goal) {
    const goal = await page.request.post(`/api/v1/goal?id=${session.id}`, {
      headers: session.headers,
      data: { target: extra.goal },
    });
    expect(goal.ok(), await goal.text()).toBe(true);
  }
  return { account, session };
}

interface TaskAnswer {
  id: string;
  title: string;
  points: number;
}

/** Accepts a suggested task of the mood through the API. */
export async function acceptTask(
  page: Page,
  session: Session,
  mood = 'Depressed',
): Promise<TaskAnswer> {
  const suggested = await page.request.get(`/api/v1/task/generated?id=${session.id}&mood=${mood}`, {
    headers: session.headers,
  });
  expect(suggested.ok(), await suggested.text()).toBe(true);
  const generated = (await suggested.json()).data as { templateId: string; title: string };
  const accepted = await page.request.post(`/api/v1/task?id=${session.id}`, {
    headers: session.headers,
    data: { templateId: generated.templateId, title: generated.title, mood },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return (await accepted.json()).data as TaskAnswer;
}

/** Accepts and completes tasks until the goal in progress is Completed. */
export async function completeGoal(page: Page, session: Session) {
  for (let round = 0; round < 30; round += 1) {
    const task = await acceptTask(page, session);
    const done = await page.request.post(
      `/api/v1/task/completed?taskId=${task.id}&userId=${session.id}`,
      { headers: session.headers },
    );
    expect(done.ok(), await done.text()).toBe(true);
    if ((await done.json()).data.status === 'Completed') return;
  }
  throw new Error('the goal was not completed in 30 tasks');
}

export async function openProfile(page: Page, name: string): Promise<Locator> {
  if (!isWideNav(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: `Open profile: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Your Profile' });
  await expect(dialog.getByLabel('Username')).toBeVisible();
  return dialog;
}

export function isWide(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) >= 1400;
}

/**
 * A task's own button where the page lists tasks: its title in the list's table (wide screens),
 * its card in the On Going column otherwise (the card's name holds the mood and points too).
 */
export function taskButton(page: Page, title: string): Locator {
  if (isWide(page))
    return page.getByRole('table').getByRole('button', { name: title, exact: true });
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return ongoingColumn(page).getByRole('button', { name: new RegExp(escaped) });
}

/** The On Going column of the board (the only one on narrower screens). */
function ongoingColumn(page: Page): Locator {
  return page.getByTestId('task-board').getByRole('region', { name: 'On Going' });
}
