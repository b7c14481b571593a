import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, APIResponse, Page, Request } from '@playwright/test';
import ts from 'typescript';
import { expect, isWideNav, newAccount, test, type PageProblems } from './fixtures';

/*
 * The requirement, as one sweep: in the real browser no Content-Security-Policy violation
 * and no console error on any page, and the token and id gone from localStorage after logout.
 *
 * The pages come from the web app's route table. paths.ts cannot be imported here (it reads
 * Vite's import.meta.env through config/env.ts, which is undefined outside Vite), so this file
 * parses it and router.tsx with the TypeScript parser instead; the guard test below fails when
 * either grows a page the sweep does not visit.
 */

const WEB_SRC = path.resolve(import.meta.dirname, '../apps/web/src');
const PATHS_FILE = path.join(WEB_SRC, 'config/paths.ts');
const ROUTER_FILE = path.join(WEB_SRC, 'app/router.tsx');

function parseSource(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The initializer of the top-level `const <name> = …`, without its `as const`. */
function findConstInitializer(source: ts.SourceFile, name: string): ts.Expression {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.name.getText(source) !== name || !declaration.initializer) continue;
      const init = declaration.initializer;
      return ts.isAsExpression(init) ? init.expression : init;
    }
  }
  throw new Error(`${source.fileName} has no const ${name}`);
}

/** paths.ts's `paths` object, flattened: 'app.task.board' to '/app/task/board'. */
function readPaths(): Record<string, string> {
  const source = parseSource(PATHS_FILE);
  const flat: Record<string, string> = {};
  const flatten = (object: ts.ObjectLiteralExpression, prefix: string) => {
    for (const property of object.properties) {
      const key = `${prefix}${property.name?.getText(source)}`;
      if (ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer)) {
        flatten(property.initializer, `${key}.`);
      } else if (ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer)) {
        flat[key] = property.initializer.text;
      } else {
        throw new Error(`paths.${key} is not a plain string: teach every-page.spec.ts to read it`);
      }
    }
  };
  const paths = findConstInitializer(source, 'paths');
  if (!ts.isObjectLiteralExpression(paths)) throw new Error('paths is not an object literal');
  flatten(paths, '');
  return flat;
}

/** router.tsx's leaf routes as full patterns, such as '/app/task/board/:status?'. */
function readRouterLeaves(): string[] {
  const source = parseSource(ROUTER_FILE);
  const leaves: string[] = [];
  const property = (route: ts.ObjectLiteralExpression, name: string) =>
    route.properties.find(
      (p): p is ts.PropertyAssignment =>
        ts.isPropertyAssignment(p) && p.name.getText(source) === name,
    )?.initializer;
  const walk = (routes: ts.ArrayLiteralExpression, prefix: string) => {
    for (const route of routes.elements) {
      if (!ts.isObjectLiteralExpression(route)) throw new Error('a route is not an object');
      const segment = property(route, 'path');
      if (segment && !ts.isStringLiteral(segment)) throw new Error('a route path is not a string');
      const full = segment ? `${prefix.replace(/\/$/, '')}/${segment.text}` : prefix;
      const children = property(route, 'children');
      if (children && ts.isArrayLiteralExpression(children)) walk(children, full);
      else leaves.push(full || '/');
    }
  };
  const routes = findConstInitializer(source, 'routes');
  if (!ts.isArrayLiteralExpression(routes)) throw new Error('routes is not an array literal');
  walk(routes, '');
  return leaves;
}

/** Whether a React Router pattern ('/app/task/board/:status?') matches a pathname. */
function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const regex = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const isOptional = segment.endsWith('?');
      const name = isOptional ? segment.slice(0, -1) : segment;
      const part = `/${name.startsWith(':') ? '[^/]+' : escape(name)}`;
      return isOptional ? `(?:${part})?` : part;
    })
    .join('');
  return new RegExp(`^${regex || '/'}$`).test(pathname);
}

const PATHS = readPaths();

/** A page of the sweep: its key in paths.ts (or its own path), its h1 and its title. */
interface SweepPage {
  route: string;
  heading: string | RegExp;
  title: string;
}

function pathOf(page: SweepPage): string {
  const found = PATHS[page.route] ?? (page.route.startsWith('/') ? page.route : undefined);
  if (!found) throw new Error(`paths.ts has no ${page.route}`);
  return found;
}

const LANDING = { heading: /small daily steps/i, title: 'Landing | Wellspring' };
const TASK = { heading: 'Task', title: 'Task | Wellspring' };
const DASHBOARD = { heading: 'Dashboard', title: 'Dashboard | Wellspring' };

/** Without a session. */
const VISITOR_PAGES: SweepPage[] = [
  { route: 'root', ...LANDING },
  { route: 'home.root', ...LANDING },
  { route: 'home.landing', ...LANDING },
  { route: 'home.faq', heading: 'Frequently Asked Questions', title: 'FAQ | Wellspring' },
  { route: 'login', heading: 'Welcome back', title: 'Login | Wellspring' },
  { route: 'register', heading: 'Create an Account', title: 'Create an Account | Wellspring' },
  { route: 'terms', heading: 'Terms of Use', title: 'Terms of Use | Wellspring' },
  { route: 'privacy', heading: 'Privacy Policy', title: 'Privacy Policy | Wellspring' },
  // The pages of emailed links, opened without their token: they say so and call nothing.
  {
    route: 'forgotPassword',
    heading: 'Forgot your password?',
    title: 'Forgot Password | Wellspring',
  },
  {
    route: 'resetPassword',
    heading: 'Choose a new password',
    title: 'Choose a New Password | Wellspring',
  },
  { route: 'verifyEmail', heading: 'Confirm your email', title: 'Verify Email | Wellspring' },
  // The clinician's page (decision 084) without a link's token: it says so and calls nothing.
  {
    route: '/shared-report',
    heading: 'This link cannot be opened',
    title: 'Shared Report | Wellspring',
  },
  // The error page: an unknown path, so not in paths.ts.
  { route: '/this/page/does-not-exist', heading: 'Page Not Found', title: 'Wellspring' },
];

/** Reached through Google sign-in (the development provider), never typed in. */
const SIGN_IN_CALLBACK = 'authCallback';

/** Signed in, not yet onboarded. */
const ONBOARDING_PAGES: SweepPage[] = [
  { route: 'onboarding.root', heading: 'Select Mood', title: 'Select Mood | Wellspring' },
  { route: 'onboarding.step1', heading: 'Select Mood', title: 'Select Mood | Wellspring' },
  { route: 'onboarding.step2', heading: 'Set Goals', title: 'Set Goals | Wellspring' },
  { route: 'onboarding.step3', heading: 'Create Diary', title: 'Create Diary | Wellspring' },
];

/** Onboarded, with a mood, a goal, a diary entry, an ongoing and a completed task. */
const APP_PAGES: SweepPage[] = [
  { route: 'app.root', ...DASHBOARD },
  { route: 'app.dashboard', ...DASHBOARD },
  { route: 'app.diary', heading: 'My Diary', title: 'Diary | Wellspring' },
  { route: 'app.task.root', ...TASK },
  { route: 'app.task.board', ...TASK },
  { route: 'app.task.ongoing', ...TASK },
  { route: 'app.task.completed', ...TASK },
  { route: 'app.task.onboarding', ...TASK },
  { route: 'app.task.list', ...TASK },
  { route: 'app.statistics', heading: 'Statistics', title: 'Statistics | Wellspring' },
  { route: 'app.insights', heading: 'Insights', title: 'Insights | Wellspring' },
  {
    route: '/app/measures/phq9',
    heading: 'Patient Health Questionnaire (PHQ-9)',
    title: 'Questionnaire | Wellspring',
  },
  {
    route: '/app/report',
    heading: 'A report for your clinician',
    title: 'Report | Wellspring',
  },
  { route: 'app.result', heading: 'Result', title: 'Result | Wellspring' },
  { route: 'app.collections', heading: 'My Collection', title: 'Collections | Wellspring' },
];

const SWEPT_ROUTES = [
  ...VISITOR_PAGES.map((p) => p.route),
  SIGN_IN_CALLBACK,
  ...ONBOARDING_PAGES.map((p) => p.route),
  ...APP_PAGES.map((p) => p.route),
];

/**
 * Waits until no request of the page has been in flight for a while. networkidle only counts
 * once per navigation; a dialog tab's fetch or a query started after load needs this.
 */
function trackNetwork(page: Page) {
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return async function settle(quietMs = 500) {
    let quietSince = Date.now();
    await expect
      .poll(
        () => {
          if (inFlight.size > 0) quietSince = Date.now();
          return Date.now() - quietSince;
        },
        { intervals: [100], message: 'the page keeps requesting' },
      )
      .toBeGreaterThanOrEqual(quietMs);
  };
}

/** Expects no new console error, page error or CSP violation since `from`, naming the place. */
function expectNoNewProblems(problems: PageProblems, from: number, where: string) {
  expect
    .soft(problems.messages.slice(from), `console errors and CSP violations on ${where}`)
    .toEqual([]);
}

interface ApiSession {
  token: string;
  id: string;
  name: string;
}

/** Registers a new account through the API and gives it content for every page. */
async function createUserWithContent(request: APIRequestContext): Promise<ApiSession> {
  const account = newAccount('sweep');
  const registered = await request.post('/api/v1/auth/register', {
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      terms: true,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  });
  expect(registered.status()).toBe(201);
  const answer = (await registered.json()) as { token: string; userData: { id: string } };
  return { token: answer.token, id: answer.userData.id, name: account.name };
}

async function onboardWithContent(request: APIRequestContext, session: ApiSession) {
  const { id } = session;
  const headers = { Authorization: `Bearer ${session.token}` };
  const ok = async (pending: Promise<APIResponse>) => {
    const response = await pending;
    expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
    return response;
  };
  await ok(
    request.patch(`/api/v1/user?id=${id}`, {
      headers,
      data: { hasOnboarded: true, mood: 'Happy', hasSetMoodToday: true },
    }),
  );
  await ok(request.post(`/api/v1/goal?id=${id}`, { headers, data: { target: 50_000 } }));
  await ok(
    request.post('/api/v1/diary', { headers, data: { id, content: 'A calm day, a short walk.' } }),
  );
  // Two accepted tasks: one completed (statistics, the Completed column), one still ongoing.
  const taskIds: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const generated = await ok(
      request.get(`/api/v1/task/generated?id=${id}&mood=Happy`, { headers }),
    );
    const task = ((await generated.json()) as { data: { templateId: string; title: string } }).data;
    const accepted = await ok(
      request.post(`/api/v1/task?id=${id}`, {
        headers,
        data: { templateId: task.templateId, title: task.title, mood: 'Happy' },
      }),
    );
    taskIds.push(((await accepted.json()) as { data: { id: string } }).data.id);
  }
  await ok(request.post(`/api/v1/task/completed?taskId=${taskIds[0]}&userId=${id}`, { headers }));
}

test('the sweep visits every page of paths.ts and every route of router.tsx', () => {
  const sweptKeys = SWEPT_ROUTES.filter((route) => !route.startsWith('/'));
  expect(sweptKeys.sort(), 'the sweep and paths.ts list the same pages').toEqual(
    Object.keys(PATHS).sort(),
  );
  const sweptPaths = SWEPT_ROUTES.map((route) => PATHS[route] ?? route);
  const unvisited = readRouterLeaves().filter(
    (pattern) => !sweptPaths.some((pathname) => matchesRoutePattern(pattern, pathname)),
  );
  expect(unvisited, 'routes of router.tsx the sweep does not visit').toEqual([]);
});

test('every page shows no console error or CSP violation, and logout clears the session', async ({
  page,
  problems,
  request,
}) => {
  // About 25 page loads: some 35 s per project here; the rest is room for a busy machine.
  test.setTimeout(90_000);
  const settle = trackNetwork(page);

  const visit = (entry: SweepPage) =>
    test.step(`${pathOf(entry)} (${entry.route})`, async () => {
      const from = problems.messages.length;
      await page.goto(pathOf(entry));
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      await expect(page).toHaveTitle(entry.title);
      await settle();
      expectNoNewProblems(problems, from, pathOf(entry));
    });

  const session = await test.step('register through the API', () => createUserWithContent(request));

  for (const entry of VISITOR_PAGES) await visit(entry);

  await test.step(`${PATHS[SIGN_IN_CALLBACK]} (Google sign-in, development provider)`, async () => {
    const from = problems.messages.length;
    await page.goto(PATHS['home.landing']!);
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
    await page.getByLabel('Name').fill(`Sweep ${id}`);
    await page.getByLabel('Email').fill(`e2e-sweep-google-${id}@example.com`);
    const callback = page.waitForURL(
      (url) => url.pathname === PATHS[SIGN_IN_CALLBACK] && url.searchParams.has('code'),
      { waitUntil: 'commit' },
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    await callback;
    await expect(page).toHaveURL(new RegExp(`${PATHS['onboarding.step1']}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Select Mood' })).toBeVisible();
    await settle();
    expectNoNewProblems(problems, from, PATHS[SIGN_IN_CALLBACK]!);
  });

  await test.step('sign in as the registered account', async () => {
    await page.evaluate(({ token, id }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('id', id);
    }, session);
  });

  for (const entry of ONBOARDING_PAGES) await visit(entry);

  await test.step('onboard and add content through the API', () =>
    onboardWithContent(request, session));

  for (const entry of APP_PAGES) await visit(entry);

  const dialog = page.getByRole('dialog', { name: 'Your Profile' });
  await test.step('the profile dialog and each of its tabs', async () => {
    if (!isWideNav(page)) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: `Open profile: ${session.name}` }).click();
    await expect(dialog).toBeVisible();
    const names = await dialog.getByRole('tab').allTextContents();
    expect(names.length, 'the profile dialog shows its four tabs').toBeGreaterThanOrEqual(4);
    for (const name of names) {
      const from = problems.messages.length;
      const tab = dialog.getByRole('tab', { name, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByRole('tabpanel', { name, exact: true })).toBeVisible();
      await settle();
      expectNoNewProblems(problems, from, `the profile dialog's ${name} tab`);
    }
  });

  await test.step('logout clears the token and the id', async () => {
    const from = problems.messages.length;
    await dialog.getByRole('tab', { name: 'Profile', exact: true }).click();
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(new RegExp(`${PATHS['home.landing']}$`));
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('id')]),
    ).toEqual([null, null]);
    await page.goto(PATHS['app.dashboard']!);
    await expect(page).toHaveURL(new RegExp(`${PATHS['home.landing']}$`));
    await expect(page.getByRole('heading', { level: 1, name: LANDING.heading })).toBeVisible();
    await settle();
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('id')]),
    ).toEqual([null, null]);
    expectNoNewProblems(problems, from, 'logout');
  });
});
