import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/db/migrate';
import { openPostgres } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file of a migrated and seeded embedded database, which each test file starts from. */
    pgliteTemplate: string;
    /** The name of a migrated and seeded PostgreSQL database, which each test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one database for the whole run, which each test file's database starts from
 * (test/database.ts) rather than migrating again (decisions 067 and 070): on PGlite a dump in a
 * file, on PostgreSQL a database that `CREATE DATABASE ... TEMPLATE` copies.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    const template = await openPostgres('wellspring_template', 2);
    try {
      await prepareDatabase(template.handle);
    } finally {
      // A database is copied only while nobody is connected to it.
      await template.handle.close();
    }
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  project.provide('postgresTemplate', '');
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
