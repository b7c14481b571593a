import react from '@vitejs/plugin-react';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';
/** The signed-in area's frame, rendered ahead: the server's answer to every /app page. */
export const APP_SHELL_FILE = 'app-shell.html';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The script a rendered-ahead page loads instead of the app, and what it imports (URLs). */
export interface PageScripts {
  script: string;
  preload: string[];
}

/** The app's entry script and the chunks Vite preloads for it, in the built index.html. */
const APP_SCRIPT_TAGS = [
  /<script type="module"[^>]*><\/script>\s*/g,
  /<link rel="modulepreload"[^>]*>\s*/g,
] as const;

/**
 * The built index.html made a rendered-ahead page's: the app's entry and its preloads replaced by
 * the page's own script and its imports (decision 049), so that the browser loads no more than
 * the page's interactive parts need. The styles, the theme script and the manifest stay.
 */
export function withPageScripts(shell: string, scripts: PageScripts): string {
  const stripped = APP_SCRIPT_TAGS.reduce((html, tag) => html.replace(tag, ''), shell);
  const tags = [
    `<script type="module" crossorigin src="${escapeHtml(scripts.script)}"></script>`,
    ...scripts.preload.map(
      (url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}">`,
    ),
  ].join('');
  return stripped.replace('</head>', () => `${tags}</head>`);
}

/** The app's entry in the built index.html. */
const APP_ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** A chunk Vite preloads for the app's entry in the built index.html. */
const MODULE_PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The built index.html with `scripts` first and the app's entry started by them (decisions 052
 * and 059): the entry and the chunks it imports are listed for the first script
 * (`<meta name="wellspring-app-entry" content="entry chunk chunk…">`), which asks for them, and
 * runs the entry, once the frame has painted what it paints ahead (src/app-boot.ts): on the
 * dashboard, the picture is then not downloaded alongside some 150 kB of scripts. These scripts
 * are small and ask for what the first screen waits on.
 */
export function withScriptsFirst(
  shell: string,
  scripts: PageScripts,
  routeCode: Record<string, string[]> = {},
): string {
  const entry = APP_ENTRY_TAG.exec(shell);
  if (!entry) throw new Error("index.html has no module script, the app's entry");
  const entryUrl = entry[1]!;
  const entryChunks = [...shell.matchAll(MODULE_PRELOAD_TAG)].map((tag) => tag[1]!);
  const tags = [
    // Read by src/app-boot.ts: the code each page of the signed-in area needs, preloaded there.
    ...Object.entries(routeCode).map(
      ([route, urls]) =>
        `<meta name="wellspring-route-code" content="${escapeHtml([route, ...urls].join(' '))}">`,
    ),
    `<meta name="wellspring-app-entry" content="${escapeHtml([entryUrl, ...entryChunks].join(' '))}">`,
    `<script type="module" crossorigin src="${escapeHtml(scripts.script)}"></script>`,
    ...scripts.preload.map(
      (url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}">`,
    ),
  ].join('');
  // The entry's chunks wait for the first script, which lists them; its own imports stay.
  const stripped = shell.replace(MODULE_PRELOAD_TAG, '');
  const at = APP_ENTRY_TAG.exec(stripped)!;
  return `${stripped.slice(0, at.index)}${tags}${stripped.slice(at.index + at[0].length)}`;
}

/** The file a page's HTML is written to: /home/landing becomes home/landing.html. */
export function prerenderedFile(page: string): string {
  return `${page.replace(/^\//, '')}.html`;
}

/**
 * Renders each page with the app's own components (src/prerender.tsx, built for Node into a
 * temporary folder) and writes the built index.html with that HTML inside its root element.
 */
export async function prerenderPages(options: {
  root: string;
  outDir: string;
  /** Each page, and the script it loads instead of the app (see finish-build.ts). */
  pages: { path: string; scripts: PageScripts }[];
  /** What the signed-in area's frame runs before the app's entry (src/app-boot.ts). */
  appShell: { scripts: PageScripts; routeCode: Record<string, string[]> };
}): Promise<void> {
  // Inside the project, so that the built module finds the app's packages in node_modules.
  const cacheDir = path.join(options.root, 'node_modules', '.cache');
  mkdirSync(cacheDir, { recursive: true });
  const ssrDir = mkdtempSync(path.join(cacheDir, 'prerender-'));
  try {
    await build({
      configFile: false,
      root: options.root,
      logLevel: 'warn',
      plugins: [react()],
      resolve: { alias: { '@': path.join(options.root, 'src') } },
      build: {
        ssr: 'src/prerender.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    const { renderPage, renderAppShell, renderWelcomeCardAhead } = (await import(
      pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href
    )) as {
      renderPage: (url: string) => Promise<{ html: string; title: string }>;
      renderAppShell: () => string;
      renderWelcomeCardAhead: () => string;
    };
    const shell = readFileSync(path.join(options.outDir, 'index.html'), 'utf8');
    if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
    for (const page of options.pages) {
      const { html, title } = await renderPage(page.path);
      const file = path.join(options.outDir, prerenderedFile(page.path));
      mkdirSync(path.dirname(file), { recursive: true });
      const document = withPageScripts(shell, page.scripts)
        // Functions, not strings: a `$&` in the page's text must stay as it is.
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
        .replace(ROOT_ELEMENT, () => `<div id="root">${html}</div>`);
      writeFileSync(file, document);
    }
    // The frame of the signed-in area, sent by the server for /app pages (see APP_SHELL_FILE).
    writeFileSync(
      path.join(options.outDir, APP_SHELL_FILE),
      withScriptsFirst(shell, options.appShell.scripts, options.appShell.routeCode).replace(
        ROOT_ELEMENT,
        // The dashboard's welcome card, for src/app-boot.ts to paint ahead (decision 052).
        () =>
          `<div id="root">${renderAppShell()}<template data-frame-welcome>${renderWelcomeCardAhead()}</template></div>`,
      ),
    );
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}
