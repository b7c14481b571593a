import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the API package (its drizzle folder)');
    dir = parent;
  }
  return dir;
}

/** The apps/api folder, whether running from src (tests, dev) or from the bundle in dist. */
export const API_ROOT = findApiRoot();
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST_DIR = path.resolve(API_ROOT, '..', 'web', 'dist');
/** The background artworks in the web app's source, served when the web app is not built. */
export const ARTWORK_SOURCE_DIR = path.resolve(API_ROOT, '..', 'web', 'public', 'backgrounds');
