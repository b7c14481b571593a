import path from 'node:path';
import type { Plugin } from 'vite';
import { precompressFiles } from './precompress';
import { prerenderPages } from './prerender';

/**
 * The last steps of the client build, in order: render the public pages ahead into their own
 * HTML files, then write the compressed copies of everything (the rendered pages included).
 */
export function finishBuild(options: { prerender: string[] }): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let isClientBuild = false;
  return {
    name: 'wellspring:finish-build',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      isClientBuild = !config.build.ssr;
    },
    async closeBundle() {
      if (!isClientBuild) return;
      await prerenderPages({ root, outDir, pages: options.prerender });
      precompressFiles(outDir);
    },
  };
}
