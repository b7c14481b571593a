// Bundles the API, the shared package it imports as TypeScript and its pure-JavaScript
// dependencies into dist/server.js: one file to load at start instead of a walk through thousands
// of node_modules files. What cannot be bundled stays external and loads at run time: packages
// that read their own files (PGlite's WebAssembly and data, Swagger UI's static assets), native
// addons (argon2) and the optional native driver that pg looks for.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const KEPT_EXTERNAL = ['@electric-sql/pglite', '@fastify/swagger-ui', '@node-rs/argon2'];
for (const name of KEPT_EXTERNAL) {
  if (!pkg.dependencies?.[name]) throw new Error(`build.mjs: ${name} is no longer a dependency`);
}
const external = [...KEPT_EXTERNAL, 'pg-native'];

await build({
  entryPoints: {
    server: 'src/server.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
    'rotate-key-cli': 'src/db/rotate-key-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.info('api: built dist/server.js');
