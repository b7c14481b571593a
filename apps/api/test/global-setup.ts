import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file of a migrated and seeded embedded database, which each test file starts from. */
    pgliteTemplate: string;
  }
}

/**
 * Migrates and seeds one embedded database for the whole run and dumps it to a file: each test
 * file's database is loaded from it (test/database.ts) rather than migrated again (decision 067).
 * The PostgreSQL suite makes each database itself.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', '');
    return undefined;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'wellspring-test-template-'));
  const file = path.join(dir, 'database.tar');
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await prepareDatabase(handle);
    const dump = await handle.pglite!.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
