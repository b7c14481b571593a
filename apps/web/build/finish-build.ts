import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
import { precompressFiles } from './precompress';
import { prerenderPages } from './prerender';

/**
 * The chunks a rendered-ahead page needs beyond the entry's own: its lazy route modules (paths
 * from the app's root) and their static imports, as URLs. The page's HTML asks for them at once
 * (modulepreload), so the app hydrates it without waiting for the entry to ask (decision 038).
 */
export function pagePreloads(
  bundle: OutputBundle,
  root: string,
  modules: string[],
  base: string,
): string[] {
  const chunks = Object.values(bundle).filter(
    (output): output is OutputChunk => output.type === 'chunk',
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: OutputChunk[]) => {
    const files = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const file of chunk.imports) visit(byFile.get(file)!);
    };
    start.forEach(visit);
    return files;
  };
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const loaded = closure(entries);
  const pageChunks = modules.map((module) => {
    const chunk = chunks.find(
      (c) => c.facadeModuleId && path.relative(root, c.facadeModuleId) === module,
    );
    if (!chunk) throw new Error(`no chunk for ${module}, a lazy route module of a rendered page`);
    return chunk;
  });
  return [...closure(pageChunks)].filter((file) => !loaded.has(file)).map((file) => base + file);
}

/**
 * The last steps of the client build, in order: render the public pages ahead into their own
 * HTML files, then write the compressed copies of everything (the rendered pages included).
 * `prerender`: each page and its lazy route modules, outermost first (src/app/router.tsx).
 */
export function finishBuild(options: { prerender: Record<string, string[]> }): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let base = '/';
  let isClientBuild = false;
  const preloads = new Map<string, string[]>();
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
      for (const [page, modules] of Object.entries(options.prerender)) {
        preloads.set(page, pagePreloads(bundle, root, modules, base));
      }
    },
    async closeBundle() {
      if (!isClientBuild) return;
      const pages = Object.keys(options.prerender).map((page) => ({
        path: page,
        preload: preloads.get(page) ?? [],
      }));
      await prerenderPages({ root, outDir, pages });
      precompressFiles(outDir);
    },
  };
}
