/** The web bench's targets, pages and screen sizes, and how it prints sizes and verdicts. */
import { cpus, loadavg } from 'node:os';
import type { DemoUser } from '../../scripts/lib/demo-user';

export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
/** Signed-in pages Lighthouse also runs on, comma-separated, each held to the dashboard's targets. */
export const MORE_LIGHTHOUSE_PAGES = (process.env.BENCH_LIGHTHOUSE_MORE ?? '')
  .split(',')
  .map((page) => page.trim())
  .filter((page) => page.startsWith('/app/'));

/** The targets: page weight (decisions 038 and 049), and Lighthouse on mobile (decision 052). */
export const TARGETS = {
  landingGzip: 60_000,
  appGzip: 160_000,
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  cls: 0.05,
};

/**
 * Issue 35's targets for the five-year person: Lighthouse mobile on FIVE_YEAR_PAGES, INP while
 * scrolling My Diary on the throttled phone, and the gzip JavaScript each signed-in route fetches
 * until idle with the offline and install layer (decision 087).
 */
export const FIVE_YEAR_TARGETS = {
  performance: 95,
  lcpMs: 2_500,
  inpMs: 200,
  routeGzip: 150_000,
};

export const LANDING = '/home/landing';
export const DASHBOARD = '/app/dashboard';
export const DIARY = '/app/diary';
export const INSIGHTS = '/app/insights';

/**
 * Every leaf route under /app of apps/web/src/app/router.tsx (paths.ts names them); /app and
 * /app/task only redirect. board/:status? is loaded bare and with both of its statuses.
 */
export const APP_PAGES = [
  DASHBOARD,
  DIARY,
  '/app/task/board',
  '/app/task/board/ongoing',
  '/app/task/board/completed',
  '/app/task/board/onboarding',
  '/app/task/list',
  '/app/statistics',
  INSIGHTS,
  '/app/result',
  '/app/collections',
];

/** The pages Lighthouse and the route JavaScript measure for the five-year person. */
export const FIVE_YEAR_PAGES = [DASHBOARD, DIARY, INSIGHTS];

/** Who is signed in: nobody, the demo user of a day, or the five-year person. */
export type Person = 'visitor' | 'demo' | 'five years';

export interface Session extends DemoUser {
  person: Person;
}

/** A page's name in the tables: its path, and who was signed in unless the demo user. */
export const labelOf = (path: string, person: Person) =>
  person === 'five years' ? `${path} (five years)` : path;

/** A phone (Lighthouse's mobile screen) and a wide desktop; the app lays out differently. */
export const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'wide', width: 1536, height: 864 },
] as const;

/**
 * The throttled phone of the INP measurement: an iPhone 12 to 15's screen, its CPU slowed 4 times
 * (Lighthouse's mobile factor), and at most BENCH_INP_STEPS steps of each way of scrolling.
 */
export const INP_PHONE = { width: 390, height: 844, deviceScaleFactor: 3, cpuThrottling: 4 };
export const INP_MAX_STEPS = Math.max(1, Number(process.env.BENCH_INP_STEPS ?? 1_500));

export const LH_CATEGORIES = [
  { id: 'performance', label: 'performance', target: TARGETS.performance },
  { id: 'accessibility', label: 'accessibility', target: TARGETS.accessibility },
  { id: 'best-practices', label: 'best practices', target: TARGETS.bestPractices },
] as const;

export const LH_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

export const fmtKb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
export const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** The machine's load averages (1, 5, 15 min) over its cores, said beside each measurement. */
export const loadLine = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} on ${cpus().length} cores`;
