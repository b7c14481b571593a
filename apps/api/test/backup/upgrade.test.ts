// Upgrades keep data (decision 043): the previous release's database, made by that release's own
// server through its API (scripts/make-upgrade-fixture.ts), is migrated by this release and must
// keep every row, read every diary and answer as that release answered (new fields may be added).
// Every migration added later runs here against the previous release's data, on PGlite and (npm
// run test:pg) on PostgreSQL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { prepareDatabase } from '../../src/db/migrate';
import { diaries } from '../../src/db/schema';
import { ContentCipher, parseDataKeys } from '../../src/lib/crypto/content-cipher';
import { DiaryVault, verifyDataKeys } from '../../src/modules/diary/diary-vault';
import { createTestApp, type TestContext } from '../app';
import { TestClock } from '../clock';
import { TEST_DB } from '../database';
import { createBackupPostgres } from './databases';

const SLOW = 180_000;
const FIXTURE = 'release-0007';
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'upgrade');

interface FixtureUser {
  id: string;
  token: string;
  answers: Record<string, unknown>;
}
interface Fixture {
  release: string;
  answeredAt: string;
  /** Settings the answers depend on (PUBLIC_URL, EMAIL_VERIFICATION). */
  env: Record<string, string>;
  dataEncryptionKey: string;
  users: FixtureUser[];
}

const fixture = JSON.parse(readFileSync(path.join(FIXTURES, `${FIXTURE}.json`), 'utf8')) as Fixture;
const dump = readFileSync(path.join(FIXTURES, `${FIXTURE}.sql`), 'utf8');
const cipher = new ContentCipher(parseDataKeys(fixture.dataEncryptionKey));

/** Tables holding people's data: exactly as many rows after the upgrade as before. */
const DATA_TABLES = [
  'users',
  'sessions',
  'password_credentials',
  'goals',
  'tasks',
  'diaries',
  'mood_entries',
  'user_backgrounds',
  'encryption_key_checks',
];
/** The catalogue: the seed may add to it, never take from it. */
const CATALOGUE_TABLES = ['task_templates', 'backgrounds'];

async function countRows(
  handle: DatabaseHandle,
  tables: string[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = (await handle.db.execute(
      sql.raw(`select count(*)::int as n from public."${table}"`),
    )) as unknown as { rows: { n: number }[] };
    counts[table] = Number(result.rows[0]!.n);
  }
  return counts;
}

describe(`an upgrade from the previous release (${FIXTURE}, ${TEST_DB})`, () => {
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  let ctx: TestContext;
  let before: Record<string, number>;
  let catalogueBefore: Record<string, number>;
  let migrationsBefore: number;

  beforeAll(async () => {
    if (TEST_DB === 'postgres') {
      const target = await createBackupPostgres();
      drop = target.drop;
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      await client.query(dump);
      await client.end();
      handle = await openDatabase({ databaseUrl: target.url, poolMax: 4 });
    } else {
      handle = await openDatabase({ dataDir: 'memory://' });
      await handle.pglite!.exec(dump);
      await handle.pglite!.exec('RESET ALL'); // The dump empties the search path for its session.
    }
    before = await countRows(handle, DATA_TABLES);
    catalogueBefore = await countRows(handle, CATALOGUE_TABLES);
    const migrations = (await handle.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] };
    migrationsBefore = Number(migrations.rows[0]!.n);

    // What this release's server does at start: every migration, the seed, the key check.
    await prepareDatabase(handle);
    await verifyDataKeys(handle.db, cipher);
    ctx = await createTestApp({
      database: { handle, destroy: async () => {} },
      cipher,
      clock: new TestClock(fixture.answeredAt),
      env: fixture.env,
    });
  }, SLOW);

  afterAll(async () => {
    await ctx?.close();
    await handle?.close();
    await drop?.();
  });

  it('is a fixture of real data: users with diaries, a goal won and claimed, one in progress', () => {
    expect(before.users).toBeGreaterThanOrEqual(3);
    expect(before.diaries).toBeGreaterThan(50);
    expect(JSON.stringify(fixture.users[0]!.answers.goalAll)).toMatch(
      /"status":"Completed".*"hasClaimedReward":true|"hasClaimedReward":true.*"status":"Completed"/,
    );
    expect(migrationsBefore).toBeGreaterThan(0);
  });

  it('applies every migration of this release on top of the previous one', async () => {
    const result = (await handle.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] };
    const journal = JSON.parse(
      readFileSync(path.join(__dirname, '..', '..', 'drizzle', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(Number(result.rows[0]!.n)).toBe(journal.entries.length);
  });

  it('keeps every row of people’s data, and the catalogue', async () => {
    expect(await countRows(handle, DATA_TABLES)).toEqual(before);
    const catalogue = await countRows(handle, CATALOGUE_TABLES);
    for (const table of CATALOGUE_TABLES) {
      expect(catalogue[table]).toBeGreaterThanOrEqual(catalogueBefore[table]!);
    }
  });

  it('turns each day of the mood history into its daily-mood check-in, nothing lost (0015)', async () => {
    expect(before.mood_entries).toBeGreaterThan(0);
    const result = (await handle.db.execute(
      sql.raw(
        `select count(*)::int as n from check_ins c join mood_entries m
           on m.user_id = c.user_id and m.local_date = c.local_date and m.mood = c.mood
          where c.is_daily_mood and m.check_in_count = 1 and c.taken_at = m.updated_at`,
      ),
    )) as unknown as { rows: { n: number }[] };
    expect(Number(result.rows[0]!.n)).toBe(before.mood_entries);
  });

  it('drops the kept task counts and diary runs, their triggers and functions (0013, 0014)', async () => {
    const result = (await handle.db.execute(
      sql`select to_regclass('public.task_counts')::text as counts,
            to_regclass('public.diary_streaks')::text as runs,
            (select count(*)::int from pg_trigger where not tgisinternal) as triggers,
            (select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname = 'public') as functions`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(result.rows[0]).toEqual({ counts: null, runs: null, triggers: 0, functions: 0 });
  });

  it('reads every diary entry with the release’s key', async () => {
    const vault = new DiaryVault(cipher);
    const rows = await handle.db.select().from(diaries);
    expect(rows).toHaveLength(before.diaries!);
    for (const row of rows) expect(vault.open(row).length).toBeGreaterThan(0);
  });

  it.each(fixture.users.map((user, i) => [i, user] as const))(
    'answers user %i as the previous release did: profile, points, streak, goals, tasks, diaries, history, backgrounds',
    async (_i, user) => {
      const id = encodeURIComponent(user.id);
      const routes: Record<string, string> = {
        user: `/api/v1/user?id=${id}`,
        goal: `/api/v1/goal?id=${id}`,
        goalAll: `/api/v1/goal/all?id=${id}`,
        task: `/api/v1/task?id=${id}`,
        diary: `/api/v1/diary?id=${id}`,
        history: `/api/v1/history?id=${id}`,
        backgrounds: `/api/v1/background/user/${id}`,
      };
      for (const [name, url] of Object.entries(routes)) {
        const response = await ctx.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${user.token}` },
        });
        expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
        // Every field the previous release answered, unchanged; new fields may be added.
        expect(response.json(), name).toMatchObject(user.answers[name] as object);
      }
    },
    SLOW,
  );
});
