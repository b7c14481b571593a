import { describe, expect, it } from 'vitest';
import {
  budgetReport,
  chunkClosure,
  HTML_PAGES,
  htmlPageFiles,
  htmlPageSizes,
  ROUTE_BUDGET_GZIP,
  ROUTE_BUDGETS,
  ROUTES,
  routeSizes,
  unlistedRouteModules,
} from './route-budgets.mjs';

const R = 'src/app/routes/';
/** A build of two pages that share a chunk (the shape of Vite's manifest). */
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  '_style.css': { file: 'assets/style.css' },
  [`${R}app/app-layout.tsx`]: {
    file: 'assets/app-layout.js',
    isDynamicEntry: true,
    imports: ['_shared.js', 'index.html', '_style.css'],
  },
  [`${R}app/dashboard.tsx`]: {
    file: 'assets/dashboard.js',
    isDynamicEntry: true,
    imports: ['_shared.js', 'index.html'],
  },
  [`${R}login.tsx`]: { file: 'assets/login.js', isDynamicEntry: true, imports: ['index.html'] },
};
const routes = {
  '/app/dashboard': [`${R}app/app-layout.tsx`, `${R}app/dashboard.tsx`],
  '/login': [`${R}login.tsx`],
};
/** Made-up gzip sizes; measuring any other file is an error. */
const sizes = {
  'assets/index.js': 50_000,
  'assets/react.js': 60_000,
  'assets/shared.js': 30_000,
  'assets/app-layout.js': 15_000,
  'assets/dashboard.js': 10_000,
  'assets/login.js': 5_000,
};
const gzipSize = (/** @type {string} */ file) => {
  const size = sizes[/** @type {keyof typeof sizes} */ (file)];
  if (size === undefined) throw new Error(`measured ${file}, which is no page's JavaScript`);
  return size;
};

describe('the JavaScript of a page', () => {
  it('is the entry and each lazy level with their static imports, each chunk once, no CSS', () => {
    expect([...chunkClosure(manifest, ['index.html', ...routes['/app/dashboard']])].sort()).toEqual(
      [
        'assets/app-layout.js',
        'assets/dashboard.js',
        'assets/index.js',
        'assets/react.js',
        'assets/shared.js',
      ],
    );
  });

  it('adds up the gzip sizes, against the default budget unless the page has its own', () => {
    const rows = routeSizes(manifest, gzipSize, { routes, budgets: { '/login': 100_000 } });
    expect(rows).toEqual([
      { route: '/app/dashboard', chunks: 5, gzip: 165_000, budget: ROUTE_BUDGET_GZIP },
      { route: '/login', chunks: 3, gzip: 115_000, budget: 100_000 },
    ]);
  });

  it("counts the signed-in frame's own script with every /app page, once", () => {
    const withShell = {
      ...manifest,
      'src/app-boot.ts': { file: 'assets/app-boot.js', isEntry: true, imports: ['_react.js'] },
    };
    const measure = (file) => (file === 'assets/app-boot.js' ? 1_000 : gzipSize(file));
    expect(routeSizes(withShell, measure, { routes })).toEqual([
      { route: '/app/dashboard', chunks: 6, gzip: 166_000, budget: ROUTE_BUDGET_GZIP },
      { route: '/login', chunks: 3, gzip: 115_000, budget: ROUTE_BUDGET_GZIP },
    ]);
  });

  it('refuses a build with a lazy route module that no page lists', () => {
    expect(unlistedRouteModules(manifest, { '/login': [`${R}login.tsx`] })).toEqual([
      `${R}app/app-layout.tsx`,
      `${R}app/dashboard.tsx`,
    ]);
    expect(() =>
      routeSizes(manifest, gzipSize, { routes: { '/login': [`${R}login.tsx`] } }),
    ).toThrow(
      /missing from scripts\/lib\/route-budgets.mjs: src\/app\/routes\/app\/app-layout.tsx/,
    );
  });

  it('is a failure naming the page when over its budget, and a pass at the budget exactly', () => {
    const { lines, failures } = budgetReport([
      { route: '/app/dashboard', chunks: 5, gzip: 165_000, budget: 160_000 },
      { route: '/login', chunks: 3, gzip: 160_000, budget: 160_000 },
    ]);
    expect(failures).toEqual([
      '/app/dashboard loads 165.0 kB of gzip JavaScript, over its budget of 160.0 kB',
    ]);
    expect(lines[0]).toMatch(/^\/app\/dashboard +165\.0 kB +of +160\.0 kB +5 chunks +OVER$/);
    expect(lines[1]).toMatch(/^\/login +160\.0 kB +of +160\.0 kB +3 chunks +PASS$/);
  });
});

describe('the JavaScript of a page sent as an HTML file of its own', () => {
  /** A page with its own entry (landing.js, which imports shared.js) and the theme script. */
  const pageManifest = {
    ...manifest,
    'src/landing.ts': { file: 'assets/landing.js', isEntry: true, imports: ['_shared.js'] },
  };
  const html = [
    '<head><script src="/theme-init.js"></script>',
    '<link rel="stylesheet" crossorigin href="/assets/style.css">',
    '<link rel="icon" href="/favicon.svg">',
    '<script type="module" crossorigin src="/assets/landing.js"></script>',
    '<link crossorigin href="/assets/shared.js" rel="modulepreload"></head>',
    '<body><div id="root"><a href="/assets/login.js">no script</a></div></body>',
  ].join('');
  const pageSizes = { ...sizes, 'assets/landing.js': 2_000, 'theme-init.js': 500 };
  const pageGzipSize = (/** @type {string} */ file) => {
    const size = pageSizes[/** @type {keyof typeof pageSizes} */ (file)];
    if (size === undefined) throw new Error(`measured ${file}, which the page does not load`);
    return size;
  };

  it('is every script and modulepreload of the HTML with their static imports, each once, no CSS', () => {
    expect([...htmlPageFiles(html, pageManifest)].sort()).toEqual([
      'assets/landing.js',
      'assets/react.js',
      'assets/shared.js',
      'theme-init.js',
    ]);
  });

  it('is measured against the page budget', () => {
    expect(
      htmlPageSizes(pageManifest, [{ route: '/home/landing', html, budget: 60_000 }], pageGzipSize),
    ).toEqual([{ route: '/home/landing', chunks: 4, gzip: 92_500, budget: 60_000 }]);
  });

  it('counts the app when the HTML loads the app (the landing page hydrated, as before)', () => {
    const hydrated = '<script type="module" crossorigin src="/assets/index.js"></script>';
    expect([...htmlPageFiles(hydrated, pageManifest)].sort()).toEqual([
      'assets/index.js',
      'assets/react.js',
    ]);
  });

  it('refuses a script from another site', () => {
    expect(() =>
      htmlPageFiles('<script src="https://cdn.example/x.js"></script>', pageManifest),
    ).toThrow(/not from the site's root/);
  });
});

describe('the budgets', () => {
  it('hold every page to 160 kB at most, and name only pages of the table', () => {
    expect(ROUTE_BUDGET_GZIP).toBe(160_000);
    for (const [route, budget] of Object.entries(ROUTE_BUDGETS)) {
      expect(ROUTES).toHaveProperty([route]);
      expect(budget).toBeLessThanOrEqual(ROUTE_BUDGET_GZIP);
    }
  });

  it('hold the landing page, as the server sends it, to 60 kB (decision 049)', () => {
    expect(HTML_PAGES['/home/landing']).toEqual({ file: 'home/landing.html', budget: 60_000 });
  });
});
