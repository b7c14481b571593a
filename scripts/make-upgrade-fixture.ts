// Makes the upgrade test's fixture (decision 043): the previous release's server, run from a git
// worktree of its commit on a fresh PostgreSQL database, given a few users' data through its own
// HTTP API; then its database as plain SQL (pg_dump --inserts, which PGlite runs too) and that
// release's answers, in apps/api/test/fixtures/upgrade/<name>.{sql,json}.
//
//   npx tsx scripts/make-upgrade-fixture.ts <commit> <name>
//   e.g. npx tsx scripts/make-upgrade-fixture.ts f06e482 release-0007
//
// Run at each release with the release's commit (docs/OPERATIONS.md, "Upgrades").
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as ExportFiles from '../apps/api/test/export-files';
import { createPgliteStorage, createPostgresStorage } from './lib/databases.mjs';
import { findFreePort } from './lib/ports.mjs';
import { onCleanup, ROOT, runMain, spawnProcess, waitUntilHealthy } from './lib/processes.mjs';

const [commit, name] = process.argv.slice(2);
const FIXTURES = path.join(ROOT, 'apps', 'api', 'test', 'fixtures', 'upgrade');

/** A worktree of the release, its node_modules this checkout's, but its own workspace packages. */
function prepareWorktree(ref: string): string {
  const dir = path.join(tmpdir(), `wellspring-release-${ref}`);
  if (!existsSync(dir))
    execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: ROOT });
  onCleanup(() => {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT });
  });
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) {
    mkdirSync(path.join(modules, '@wellspring'), { recursive: true });
    for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
      if (entry === '@wellspring' || entry === '.bin') continue;
      symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
    }
    const own = { shared: 'packages/shared', api: 'apps/api', web: 'apps/web', e2e: 'e2e' };
    for (const [pkg, folder] of Object.entries(own)) {
      if (existsSync(path.join(dir, folder))) {
        symlinkSync(path.join(dir, folder), path.join(modules, '@wellspring', pkg));
      }
    }
  }
  return dir;
}

type Json = Record<string, unknown>;
/** Settings the answers depend on (URLs, the email mark): the upgrade test runs with them too. */
const ANSWER_ENV = { PUBLIC_URL: 'http://127.0.0.1:3000', EMAIL_VERIFICATION: 'off' };

async function main() {
  if (!commit || !name)
    throw new Error('usage: npx tsx scripts/make-upgrade-fixture.ts <commit> <name>');
  const release = prepareWorktree(commit);
  const postgres = await createPostgresStorage('upgrade_fixture');
  const dataDir = await createPgliteStorage('upgrade_fixture'); // The mail outbox's folder.
  const port = await findFreePort();
  const server = spawnProcess(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(release, 'apps', 'api', 'src', 'server.ts')],
    port,
    {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_MAX: '1000000000',
      RATE_LIMIT_AUTH_MAX: '1000000',
      ...ANSWER_ENV,
      ...dataDir.env,
      ...postgres.env,
    },
  );
  onCleanup(async () => {
    await server.stop();
  });
  await waitUntilHealthy(server, `${server.baseUrl}/api/health`, 120_000);

  const call = async <T = Json>(method: string, route: string, token?: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}/api/v1${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };

  // The release's own test helper builds a life lived by its rules, which its import accepts.
  const { buildLongLifeExport } = (await import(
    pathToFileURL(path.join(release, 'apps', 'api', 'test', 'export-files.ts')).href
  )) as typeof ExportFiles;
  const now = new Date();
  const users: { id: string; token: string; email: string; password: string }[] = [];
  const lives = [
    { days: 45, tasks: 200, goals: 2, diaryLength: 300 }, // a goal won and claimed, one in progress
    { days: 20, tasks: 60, goals: 1, diaryLength: 1200 }, // one goal in progress
    undefined, // a new user: onboarded, a mood and a diary today, a goal with one task done
  ];
  for (const [i, life] of lives.entries()) {
    const email = `upgrade-${i}-${randomBytes(3).toString('hex')}@example.test`;
    const password = `an upgrade test password ${i}`;
    const auth = await call<{ token: string; userData: { id: string } }>(
      'POST',
      '/auth/register',
      undefined,
      {
        name: `Upgrade ${i}`,
        email,
        password,
        confirmPassword: password,
        terms: true,
        timeZone: 'UTC',
      },
    );
    const user = { id: auth.userData.id, token: auth.token, email, password };
    users.push(user);
    const id = encodeURIComponent(user.id);
    if (life) {
      const file = buildLongLifeExport({ now, ...life });
      // The account's own head (name, email, creation), the life's rows and background.
      const exported = await call<{ user: typeof file.user }>('GET', '/account/export', user.token);
      file.user = {
        ...exported.user,
        hasOnboarded: true,
        selectedBackground: file.user.selectedBackground,
      };
      await call('POST', '/account/import', user.token, file);
      // A live day on top: today's first OnGoing task completed through the API.
      const board = await call<{ data: { id: string; status: string }[] }>(
        'GET',
        `/task?id=${id}`,
        user.token,
      );
      const open = board.data.find((t) => t.status === 'OnGoing');
      if (open)
        await call(
          'POST',
          `/task/completed?taskId=${encodeURIComponent(open.id)}&userId=${id}`,
          user.token,
        );
    } else {
      await call('PATCH', `/user?id=${id}`, user.token, {
        hasOnboarded: true,
        mood: 'Happy',
        hasSetMoodToday: true,
      });
      await call('POST', `/goal?id=${id}`, user.token, { target: 50_000 });
      const offer = await call<{ data: { templateId: string; title: string; mood: string } }>(
        'GET',
        `/task/generated?id=${id}&mood=Happy`,
        user.token,
      );
      const { data: task } = await call<{ data: { id: string } }>(
        'POST',
        `/task?id=${id}`,
        user.token,
        {
          templateId: offer.data.templateId,
          title: offer.data.title,
          mood: offer.data.mood,
        },
      );
      await call(
        'POST',
        `/task/completed?taskId=${encodeURIComponent(task.id)}&userId=${id}`,
        user.token,
      );
      await call('POST', '/diary', user.token, { id: user.id, content: 'First day here. Calm.' });
    }
  }
  // The first user shows their won background, not the default.
  const first = users[0]!;
  const owned = await call<{ data: { backgroundId: string; acquiredAt: string }[] }>(
    'GET',
    `/background/user/${encodeURIComponent(first.id)}`,
    first.token,
  );
  const won = [...owned.data].sort((a, b) => b.acquiredAt.localeCompare(a.acquiredAt))[0]!;
  await call('PATCH', `/background/user?id=${encodeURIComponent(first.id)}`, first.token, {
    backgroundId: won.backgroundId,
  });

  const answers = [];
  for (const user of users) {
    const id = encodeURIComponent(user.id);
    const get = (route: string) => call('GET', route, user.token);
    answers.push({
      id: user.id,
      token: user.token,
      email: user.email,
      password: user.password,
      answers: {
        user: await get(`/user?id=${id}`),
        goal: await get(`/goal?id=${id}`),
        goalAll: await get(`/goal/all?id=${id}`),
        task: await get(`/task?id=${id}`),
        diary: await get(`/diary?id=${id}`),
        history: await get(`/history?id=${id}`),
        backgrounds: await get(`/background/user/${id}`),
      },
    });
  }
  await server.stop();

  mkdirSync(FIXTURES, { recursive: true });
  const sql = execFileSync(
    'pg_dump',
    ['--inserts', '--no-owner', '--no-privileges', postgres.env.DATABASE_URL!],
    { maxBuffer: 512 * 1024 * 1024 },
  );
  // pg_dump's psql-only lines (\\restrict, \\unrestrict since 15.14) are left out: PGlite's exec
  // and node-postgres run plain SQL.
  const plain = sql
    .toString('utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  writeFileSync(path.join(FIXTURES, `${name}.sql`), plain);
  const manifest = {
    release: execFileSync('git', ['rev-parse', commit], { cwd: ROOT }).toString().trim(),
    madeAt: now.toISOString(),
    answeredAt: new Date().toISOString(),
    env: ANSWER_ENV,
    // A key made for this fixture only: it seals nothing but these test diaries.
    dataEncryptionKey: postgres.env.DATA_ENCRYPTION_KEY,
    users: answers,
  };
  writeFileSync(path.join(FIXTURES, `${name}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  console.info(`wrote ${name}.sql and ${name}.json in ${path.relative(ROOT, FIXTURES)}`);
}

runMain(main);
