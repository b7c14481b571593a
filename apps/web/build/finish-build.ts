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
 * The last steps of the client build, in order: render the public pages ahead into their own
 * HTML files, then write the compressed copies of everything (the rendered pages included).
 * `prerender`: each page and its own script, an entry of the build (vite.config.ts).
 */
export function finishBuild(options: { prerender: Record<string, { script: string }> }): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let base = '/';
  let isClientBuild = false;
  const scripts = new Map<string, PageScripts>();
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
    },
    async closeBundle() {
      if (!isClientBuild) return;
      const pages = Object.keys(options.prerender).map((page) => ({
        path: page,
        scripts: scripts.get(page)!,
      }));
      await prerenderPages({ root, outDir, pages });
      precompressFiles(outDir);
    },
  };
}
