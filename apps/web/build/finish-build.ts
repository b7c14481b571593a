import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
import { precompressFiles } from './precompress';
import { prerenderPages, type PageScripts } from './prerender';

/**
 * The script a rendered-ahead page loads instead of the app (an entry of the build, named by its
 * path from the app's root) and the chunks it imports statically, as URLs: the page's HTML asks
 * for all of them at once (decision 049).
 */
export function pageScripts(
  bundle: OutputBundle,
  root: string,
  script: string,
  base: string,
): PageScripts {
  const chunks = Object.values(bundle).filter(
    (output): output is OutputChunk => output.type === 'chunk',
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find(
    (chunk) =>
      chunk.isEntry && chunk.facadeModuleId && path.relative(root, chunk.facadeModuleId) === script,
  );
  if (!entry) throw new Error(`no entry chunk for ${script}, the script of a rendered page`);
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    for (const file of chunk.imports) {
      if (files.has(file)) continue;
      files.add(file);
      visit(byFile.get(file)!);
    }
  };
  visit(entry);
  return { script: base + entry.fileName, preload: [...files].map((file) => base + file) };
}

/**
 * The chunks of each route's lazy modules (paths from the app's root) with their static imports,
 * as URLs, leaving out what the app's entry loads anyway and what an earlier route of the list
 * has: `*` first (every page), then single pages (decision 049: the signed-in area's frame lists
 * them for src/app-boot.ts).
 */
export function routeCode(
  bundle: OutputBundle,
  root: string,
  routes: Record<string, string[]>,
  base: string,
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter(
    (output): output is OutputChunk => output.type === 'chunk',
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const visit = (chunk: OutputChunk, files: Set<string>) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const file of chunk.imports) visit(byFile.get(file)!, files);
  };
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('.html'));
  const loaded = new Set<string>();
  if (entry) visit(entry, loaded);
  const everyPage = new Set(loaded);
  const answer: Record<string, string[]> = {};
  for (const [route, modules] of Object.entries(routes)) {
    const files = new Set<string>();
    for (const module of modules) {
      const chunk = chunks.find(
        (c) => c.facadeModuleId && path.relative(root, c.facadeModuleId) === module,
      );
      if (!chunk) throw new Error(`no chunk for ${module}, a lazy route module`);
      visit(chunk, files);
    }
    const known = route === '*' ? loaded : everyPage;
    const own = [...files].filter((file) => !known.has(file));
    if (route === '*') own.forEach((file) => everyPage.add(file));
    answer[route] = own.map((file) => base + file);
  }
  return answer;
}

/**
 * The last steps of the client build, in order: render the public pages ahead into their own
 * HTML files, then write the compressed copies of everything (the rendered pages included).
 * `prerender`: each page and its own script, an entry of the build (vite.config.ts);
 * `appShell`: the entry that the signed-in area's frame runs before the app's, and the lazy
 * route modules it preloads (`*` on every /app page).
 */
export function finishBuild(options: {
  prerender: Record<string, { script: string }>;
  appShell: { script: string; routeCode: Record<string, string[]> };
}): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let base = '/';
  let isClientBuild = false;
  const scripts = new Map<string, PageScripts>();
  let appShell: { scripts: PageScripts; routeCode: Record<string, string[]> } | undefined;
  return {
    name: 'wellspring:finish-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
      outDir = path.resolve(config.root, config.build.outDir);
      isClientBuild = !config.build.ssr;
    },
    generateBundle(_options, bundle) {
      if (!isClientBuild) return;
      for (const [page, { script }] of Object.entries(options.prerender)) {
        scripts.set(page, pageScripts(bundle, root, script, base));
      }
      appShell = {
        scripts: pageScripts(bundle, root, options.appShell.script, base),
        routeCode: routeCode(bundle, root, options.appShell.routeCode, base),
      };
    },
    async closeBundle() {
      if (!isClientBuild) return;
      const pages = Object.keys(options.prerender).map((page) => ({
        path: page,
        scripts: scripts.get(page)!,
      }));
      await prerenderPages({ root, outDir, pages, appShell: appShell! });
      precompressFiles(outDir);
    },
  };
}
