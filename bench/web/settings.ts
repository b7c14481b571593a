/** The web bench's targets, pages and screen sizes, and how it prints sizes and verdicts. */
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

export const LANDING = '/home/landing';
export const DASHBOARD = '/app/dashboard';

/**
 * Every leaf route under /app of apps/web/src/app/router.tsx (paths.ts names them); /app and
 * /app/task only redirect. board/:status? is loaded bare and with both of its statuses.
 */
export const APP_PAGES = [
  DASHBOARD,
  '/app/diary',
  '/app/task/board',
  '/app/task/board/ongoing',
  '/app/task/board/completed',
  '/app/task/board/onboarding',
  '/app/task/list',
  '/app/statistics',
  '/app/insights',
  '/app/result',
  '/app/collections',
];

/** A phone (Lighthouse's mobile screen) and a wide desktop; the app lays out differently. */
export const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'wide', width: 1536, height: 864 },
] as const;

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
