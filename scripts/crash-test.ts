// Crash-safety proof: every write the API acknowledged (a 2xx answer arrived) survives a SIGKILL.
//
//   npm run crash-test                      20 cycles on PGlite, then 20 on PostgreSQL
//   npm run crash-test -- --db=pglite --cycles=5 --writers=12
//   CYCLES=3 DB=both npm run crash-test     (flags win over the environment)
//   npm run crash-test -- --latency         200 sequential mood and diary writes, timed; no kill
//   npm run crash-test -- --latency --compare=path/to/server.js
//                                           the same against two builds, their writes alternating
//
// For each database it starts the built API (apps/api/dist/server.js; run
// `npm run build -w @wellspring/api` first, nothing is built here) as a child process on
// 127.0.0.1, drives registrations, moods, goals, tasks (accepted and completed) and diaries at it
// from concurrent loops, kills it with SIGKILL after a random delay, starts it again on the same
// data, waits for /api/health, and checks through the API, with each user's token, that every
// acknowledged write is there. After the last cycle the server is stopped cleanly and the rows are
// checked once more directly through the driver. PGlite gets a fresh DATA_DIR in a temp dir;
// PostgreSQL a fresh database on postgres://postgres@127.0.0.1:5432 (TEST_POSTGRES_URL to change),
// created and dropped here.
//
// Prints per database `cycles N, acknowledged N, lost N` and exits non-zero when anything was lost,
// a database was inconsistent, or the server did not come back cleanly.
//
// Settings, as environment variables or flags (--kill-max-ms=8000 for KILL_MAX_MS):
// CYCLES (20); DB=pglite|postgres|both (both); WRITERS (8), the concurrent write loops;
// KILL_MIN_MS (300) and KILL_MAX_MS (4000): the kill comes at a random moment in between;
// START_KILL_RATE (0.2): the share of restarts that are killed again while the server is still
// starting (recovery interrupted by a second crash); SEED: replays the same kill delays;
// SERVER_JS: another build of the server to test; COMPARE (with --latency): a second build, timed
// alongside the first.
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  type WriteStream,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_JS = path.resolve(ROOT, process.env.SERVER_JS ?? 'apps/api/dist/server.js');
const HOST = '127.0.0.1';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Time bounds: nothing here waits forever. */
const REQUEST_TIMEOUT_MS = 15_000;
const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
/** A writer loop stops after this many requests in one cycle, whatever the kill does. */
const MAX_REQUESTS_PER_WRITER = 5_000;
/** Tasks each user accepts: the daily limit (and at most 10 OnGoing at once). */
const TASKS_PER_USER = 30;
/** Users of earlier cycles checked again after each crash (all of them after the last one). */
const EARLIER_SAMPLE = 25;
const MOODS = ['Happy', 'Sad', 'Neutral', 'Ecstatic', 'Depressed'] as const;
type Mood = (typeof MOODS)[number];
type DbKind = 'pglite' | 'postgres';

// ---------------------------------------------------------------------------------------------
// Settings

function setting(name: string, fallback: string): string {
  const prefix = `--${name.toLowerCase().replace(/_/g, '-')}=`;
  const flag = process.argv.slice(2).find((a) => a.startsWith(prefix));
  if (flag) return flag.slice(name.length + 3);
  return process.env[name] ?? fallback;
}

function intSetting(name: string, fallback: number, min: number, max: number): number {
  const raw = setting(name, String(fallback));
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function readSettings() {
  const db = setting('DB', 'both');
  if (!['pglite', 'postgres', 'both'].includes(db)) {
    throw new Error(`DB must be pglite, postgres or both (got "${db}")`);
  }
  const killMinMs = intSetting('KILL_MIN_MS', 300, 0, 600_000);
  const killMaxMs = intSetting('KILL_MAX_MS', 4_000, killMinMs, 600_000);
  const startKillRate = Number(setting('START_KILL_RATE', '0.2'));
  if (!(startKillRate >= 0 && startKillRate <= 1)) throw new Error('START_KILL_RATE is 0 to 1');
  return {
    databases: (db === 'both' ? ['pglite', 'postgres'] : [db]) as DbKind[],
    cycles: intSetting('CYCLES', 20, 1, 1_000),
    writers: intSetting('WRITERS', 8, 1, 64),
    killMinMs,
    killMaxMs,
    startKillRate,
    seed: intSetting('SEED', Math.floor(Math.random() * 2 ** 31), 0, 2 ** 31),
    latency: process.argv.slice(2).some((a) => a === '--latency' || a.startsWith('--latency=')),
    latencyWrites: intSetting('LATENCY', 200, 1, 10_000),
  };
}

/** A small seeded generator (mulberry32), so a failing run can be replayed with SEED. */
function makeRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// Child processes and clean-up

const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<void>> = [];

function killChildren() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

async function runCleanups() {
  killChildren();
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    await cleanup().catch((err: unknown) => console.error('clean-up failed:', errorText(err)));
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n${signal}: stopping the servers and cleaning up…`);
    const force = setTimeout(() => process.exit(130), 10_000);
    force.unref();
    void runCleanups().finally(() => process.exit(130));
  });
}
// Whatever else happens, no server outlives the script.
process.on('exit', killChildren);

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface LogLine {
  text: string;
  level: number | undefined;
}

/** The API server as a child process; `lines` holds what it printed since it was started. */
class ApiServer {
  process: ChildProcess | undefined;
  lines: LogLine[] = [];
  readonly baseUrl: string;

  constructor(
    readonly env: NodeJS.ProcessEnv,
    readonly port: number,
    readonly log: WriteStream,
    readonly serverJs = SERVER_JS,
  ) {
    this.baseUrl = `http://${HOST}:${port}`;
  }

  /** The signal this script sent to the current process, if any. */
  sentSignal: NodeJS.Signals | undefined;

  start() {
    this.lines = [];
    this.sentSignal = undefined;
    const child = spawn(process.execPath, [this.serverJs], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    this.log.write(`\n=== start pid ${child.pid} at ${new Date().toISOString()}\n`);
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        this.log.write(chunk);
        pending += chunk;
        const parts = pending.split('\n');
        pending = parts.pop() ?? '';
        for (const text of parts) if (text.trim()) this.lines.push(parseLogLine(text));
      });
    }
    this.process = child;
  }

  get running(): boolean {
    const child = this.process;
    return !!child && child.exitCode === null && child.signalCode === null;
  }

  async kill(signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL'): Promise<number | null> {
    const child = this.process;
    if (!child) return null;
    if (this.running) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      this.sentSignal = signal;
      child.kill(signal);
      const timedOut = await Promise.race([
        exited.then(() => false),
        sleep(STOP_TIMEOUT_MS).then(() => true),
      ]);
      if (timedOut) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    this.log.write(`=== pid ${child.pid} ended: ${child.exitCode ?? child.signalCode}\n`);
    return child.exitCode;
  }

  /** Waits until /api/health answers 200; throws when the server exits or time runs out. */
  async waitHealthy(timeoutMs = HEALTH_TIMEOUT_MS): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (!this.running) {
        const signal = this.process?.signalCode;
        if (signal && signal !== this.sentSignal) throw new KilledByOthers(signal);
        throw new Error(
          `the server exited (${this.process?.exitCode ?? this.process?.signalCode}) while ` +
            `starting:\n${tail(this.lines)}`,
        );
      }
      try {
        const res = await fetch(`${this.baseUrl}/api/health`, {
          signal: AbortSignal.timeout(2_000),
        });
        await res.arrayBuffer();
        if (res.status === 200) return Date.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    throw new Error(`the server did not become healthy in ${timeoutMs} ms:\n${tail(this.lines)}`);
  }
}

/**
 * The server was ended by a signal this script did not send (something else on the machine). It
 * is one more unclean stop, not a failure of the server: the test starts it again.
 */
class KilledByOthers extends Error {
  constructor(readonly signal: string) {
    super(`the server was ended by ${signal}, which this test did not send`);
  }
}

/** Starts the server and waits for it to be healthy; starts it again if others killed it. */
async function startHealthy(server: ApiServer, note: (text: string) => void): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    server.start();
    try {
      return await server.waitHealthy();
    } catch (err) {
      if (!(err instanceof KilledByOthers) || attempt >= 3) throw err;
      note(`${err.message}; starting it again`);
    }
  }
}

function parseLogLine(text: string): LogLine {
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { level?: unknown };
      return { text, level: typeof parsed.level === 'number' ? parsed.level : undefined };
    } catch {
      // Not JSON after all.
    }
  }
  return { text, level: undefined };
}

/** An error line: pino level error or fatal, or plain text that says error, panic or abort. */
function isErrorLine(line: LogLine): boolean {
  if (line.level !== undefined) return line.level >= 50;
  return /\b(error|fatal|panic|abort(ed)?)\b/i.test(line.text);
}

function tail(lines: LogLine[], n = 15): string {
  return lines
    .slice(-n)
    .map((l) => `    | ${l.text.slice(0, 400)}`)
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// HTTP

interface Answer<T> {
  status: number;
  body: T;
  text: string;
}

class Api {
  constructor(readonly baseUrl: string) {}

  async call<T>(
    method: string,
    url: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // CSV or an error page: the text is enough.
    }
    return { status: res.status, body: body as T, text };
  }
}

const ok = (status: number) => status >= 200 && status < 300;

interface Envelope<T> {
  status: string;
  data: T;
}
interface IdRow {
  id: string;
}
interface TaskRow extends IdRow {
  goalId: string;
  status: string;
  points: number;
}
interface GoalRow extends IdRow {
  earned: number;
  taskCompleted: number;
}
interface DiaryRow extends IdRow {
  content: string;
}

// ---------------------------------------------------------------------------------------------
// What was acknowledged

interface MoodWrite {
  seq: number;
  mood: Mood;
  /** UTC dates (the test users live in UTC) before the request left and after the answer came. */
  dates: string[];
  acked: boolean;
}

interface TrackedUser {
  id: string;
  token: string;
  cycle: number;
  moods: MoodWrite[];
  goals: string[];
  /** Accepted tasks, with the UTC day they were accepted on (an OnGoing task expires after it). */
  tasks: Array<{ id: string; day: string }>;
  completed: string[];
  diaries: Array<{ id: string; content: string }>;
}

/** Every acknowledged write of a run, and the ones found missing. */
class Ledger {
  users: TrackedUser[] = [];
  acknowledged = 0;
  readonly lost = new Set<string>();
  /** Goals whose points are not those of their completed tasks (a half-applied transaction). */
  readonly inconsistent = new Set<string>();
  readonly problems: string[] = [];

  ack() {
    this.acknowledged += 1;
  }

  loseOnce(key: string, detail: string) {
    if (this.lost.has(key)) return;
    this.lost.add(key);
    this.problems.push(`lost: ${detail}`);
  }
}

const utcDate = () => new Date().toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------
// Writers

interface WriterContext {
  api: Api;
  ledger: Ledger;
  cycle: number;
  runId: string;
  stop: { now: boolean };
  random: () => number;
  counters: { sent: number; failed: number; serverErrors: number };
}

/**
 * A writer: sends writes one after the other, and stops at the kill, after MAX_REQUESTS_PER_WRITER
 * requests, or at the deadline, whichever comes first.
 */
class Writer {
  private requests = 0;
  private userNumber = 0;

  constructor(
    readonly ctx: WriterContext,
    readonly index: number,
    readonly deadline: number,
  ) {}

  get more(): boolean {
    return (
      !this.ctx.stop.now && this.requests < MAX_REQUESTS_PER_WRITER && Date.now() < this.deadline
    );
  }

  /** Sends one request: its answer when acknowledged (2xx); undefined when the server is gone. */
  async send<T>(
    method: string,
    url: string,
    options: { token?: string; body?: unknown },
  ): Promise<Answer<T> | undefined> {
    const { ctx } = this;
    if (!this.more) return undefined;
    this.requests += 1;
    ctx.counters.sent += 1;
    let answer: Answer<T>;
    try {
      answer = await ctx.api.call<T>(method, url, options);
    } catch {
      // No answer (refused, reset, timed out): the kill, or the server is about to go.
      ctx.counters.failed += 1;
      return undefined;
    }
    if (ok(answer.status)) return answer;
    ctx.counters.failed += 1;
    if (answer.status >= 500) ctx.counters.serverErrors += 1;
    // A 503 is a server that is closing; anything else while it runs is a bug in this script
    // or in the API, and is reported rather than passed over.
    if (ctx.stop.now || answer.status === 503) return undefined;
    throw new Error(
      `${method} ${url.split('?')[0]} answered ${answer.status}: ${answer.text.slice(0, 300)}`,
    );
  }

  /** Registers a new user (a write itself); undefined when it was not acknowledged. */
  async register(): Promise<TrackedUser | undefined> {
    const { ctx } = this;
    this.userNumber += 1;
    const password = 'correct horse battery';
    const registered = await this.send<{ token: string; userData: IdRow }>(
      'POST',
      '/api/v1/auth/register',
      {
        body: {
          name: `Crash ${this.index}-${this.userNumber}`,
          email: `crash-${ctx.runId}-c${ctx.cycle}-w${this.index}-${this.userNumber}@example.test`,
          password,
          confirmPassword: password,
          terms: true,
          timeZone: 'UTC',
        },
      },
    );
    if (!registered) return undefined;
    const user: TrackedUser = {
      id: registered.body.userData.id,
      token: registered.body.token,
      cycle: ctx.cycle,
      moods: [],
      goals: [],
      tasks: [],
      completed: [],
      diaries: [],
    };
    ctx.ledger.users.push(user);
    ctx.ledger.ack();
    return user;
  }

  /**
   * Walks a user through a day's writes: a mood, a goal, tasks up to the daily limit (completing
   * as it goes, at most 10 may be OnGoing), the diary and more moods (each replacing the last one
   * of the day) in between. Answers false when the server went away.
   */
  async walk(user: TrackedUser): Promise<boolean> {
    const { ctx } = this;
    const q = `id=${user.id}`;
    const auth = { token: user.token };

    const setMood = async (mood: Mood) => {
      const write: MoodWrite = { seq: user.moods.length, mood, dates: [utcDate()], acked: false };
      user.moods.push(write);
      const answer = await this.send('PATCH', `/api/v1/user?${q}`, { ...auth, body: { mood } });
      write.dates.push(utcDate());
      if (!answer) return false;
      write.acked = true;
      ctx.ledger.ack();
      return true;
    };
    let moodIndex = Math.floor(ctx.random() * MOODS.length);
    const nextMood = () => MOODS[moodIndex++ % MOODS.length]!;
    if (!(await setMood(nextMood()))) return false;

    const goal = await this.send<Envelope<IdRow>>('POST', `/api/v1/goal?${q}`, {
      ...auth,
      body: { target: 500_000 },
    });
    if (!goal) return false;
    user.goals.push(goal.body.data.id);
    ctx.ledger.ack();

    const diaryAt = Math.floor(ctx.random() * TASKS_PER_USER);
    const ongoing: string[] = [];
    for (let i = 0; i < TASKS_PER_USER; i++) {
      const offered = await this.send<
        Envelope<{ templateId: string; title: string; mood: string }>
      >('GET', `/api/v1/task/generated?${q}&mood=${MOODS[i % MOODS.length]}`, auth);
      if (!offered) return false;
      const { templateId, title, mood } = offered.body.data;
      const task = await this.send<Envelope<IdRow>>('POST', `/api/v1/task?${q}`, {
        ...auth,
        body: { templateId, title, mood },
      });
      if (!task) return false;
      user.tasks.push({ id: task.body.data.id, day: utcDate() });
      ongoing.push(task.body.data.id);
      ctx.ledger.ack();

      if (ongoing.length > 3) {
        // Completing moves the task and the goal's points in one transaction.
        const taskId = ongoing.shift()!;
        const completed = await this.send(
          'POST',
          `/api/v1/task/completed?taskId=${taskId}&userId=${user.id}`,
          auth,
        );
        if (!completed) return false;
        user.completed.push(taskId);
        ctx.ledger.ack();
      }

      if (i === diaryAt) {
        const content = `Crash test entry ${randomBytes(8).toString('hex')}: a walk, a cup of tea.`;
        const diary = await this.send<Envelope<IdRow>>('POST', '/api/v1/diary', {
          ...auth,
          body: { id: user.id, content },
        });
        if (!diary) return false;
        user.diaries.push({ id: diary.body.data.id, content });
        ctx.ledger.ack();
      }

      if (i % 5 === 4 && !(await setMood(nextMood()))) return false;
    }
    return true;
  }

  /**
   * The loop of one writer. Writer 1 only registers (so the kill also lands on registrations);
   * the others walk the user registered for them before the kill clock started, then new ones.
   */
  async run(first: TrackedUser | undefined): Promise<void> {
    if (this.index === 1) {
      while (this.more && (await this.register()));
      return;
    }
    let user = first;
    while (user && this.more && (await this.walk(user))) user = await this.register();
  }
}

// ---------------------------------------------------------------------------------------------
// Checks through the API

/** Every acknowledged write of a user, as [key, description]. */
function ackedWrites(user: TrackedUser): Array<[string, string]> {
  const of = `of user ${user.id}`;
  return [
    [`user:${user.id}`, `registration of user ${user.id}`],
    ...user.goals.map((id): [string, string] => [`goal:${id}`, `goal ${id} ${of}`]),
    ...user.tasks.map(({ id }): [string, string] => [`task:${id}`, `task ${id} ${of}`]),
    ...user.completed.map((id): [string, string] => [
      `complete:${id}`,
      `completion of ${id} ${of}`,
    ]),
    ...user.diaries.map(({ id }): [string, string] => [`diary:${id}`, `diary ${id} ${of}`]),
    ...user.moods
      .filter((m) => m.acked)
      .map((m): [string, string] => [`mood:${user.id}:${m.seq}`, `mood ${m.mood} ${of}`]),
  ];
}

/** The moods a user's mood history may hold for a date, given what was sent and acknowledged. */
function allowedMoods(
  user: TrackedUser,
): Array<{ key: string; dates: string[]; moods: Set<string> }> {
  const lastAcked = [...user.moods].reverse().find((m) => m.acked);
  if (!lastAcked) return [];
  // A later write that got no answer may or may not have been committed.
  const moods = new Set(user.moods.filter((m) => m.seq >= lastAcked.seq).map((m) => m.mood));
  return [{ key: `mood:${user.id}:${lastAcked.seq}`, dates: [...new Set(lastAcked.dates)], moods }];
}

async function checkUser(api: Api, ledger: Ledger, user: TrackedUser): Promise<void> {
  const q = `id=${user.id}`;
  const auth = { token: user.token };
  const me = await api.call<Envelope<IdRow>>('GET', `/api/v1/user?${q}`, auth);
  if (me.status === 401 || me.status === 404) {
    // Without the session nothing else of this user can be read through the API: all of it is
    // counted as lost.
    for (const [key, detail] of ackedWrites(user))
      ledger.loseOnce(key, `${detail} (GET /user: ${me.status})`);
    return;
  }
  if (me.status !== 200 || me.body.data.id !== user.id) {
    throw new Error(`GET /user answered ${me.status}: ${me.text.slice(0, 300)}`);
  }

  if (user.goals.length > 0 || user.tasks.length > 0) {
    const goals = await api.call<Envelope<GoalRow[]>>('GET', `/api/v1/goal/all?${q}`, auth);
    if (goals.status !== 200) throw new Error(`GET /goal/all answered ${goals.status}`);
    const goalIds = new Set(goals.body.data.map((g) => g.id));
    for (const id of user.goals) {
      if (!goalIds.has(id)) ledger.loseOnce(`goal:${id}`, `goal ${id} of user ${user.id}`);
    }

    const tasks: TaskRow[] = [];
    for (let page = 1; page <= 20; page++) {
      const answer = await api.call<{ data: TaskRow[]; totalTaskCount: number }>(
        'GET',
        `/api/v1/task?${q}&page=${page}&size=50`,
        auth,
      );
      if (answer.status !== 200) throw new Error(`GET /task answered ${answer.status}`);
      tasks.push(...answer.body.data);
      if (tasks.length >= answer.body.totalTaskCount || answer.body.data.length === 0) break;
    }
    const byId = new Map(tasks.map((t) => [t.id, t]));
    for (const { id, day } of user.tasks) {
      // An OnGoing task of an earlier day has expired and left the list (a run across midnight
      // UTC): the driver check at the end still looks for it.
      const expired = day !== utcDate() && !user.completed.includes(id);
      if (!byId.has(id) && !expired) {
        ledger.loseOnce(`task:${id}`, `task ${id} of user ${user.id}`);
      }
    }
    for (const id of user.completed) {
      if (byId.get(id)?.status !== 'Completed') {
        ledger.loseOnce(`complete:${id}`, `completion of task ${id} of user ${user.id}`);
      }
    }
    // Atomicity: a goal's points are exactly those of its completed tasks.
    for (const goal of goals.body.data) {
      const done = tasks.filter((t) => t.goalId === goal.id && t.status === 'Completed');
      const points = done.reduce((sum, t) => sum + t.points, 0);
      if (goal.earned !== points || goal.taskCompleted !== done.length) {
        if (!ledger.inconsistent.has(goal.id)) {
          ledger.inconsistent.add(goal.id);
          ledger.problems.push(
            `inconsistent: goal ${goal.id} has earned ${goal.earned} / ${goal.taskCompleted} ` +
              `tasks, its completed tasks add up to ${points} / ${done.length}`,
          );
        }
      }
    }
  }

  if (user.diaries.length > 0) {
    const diaries = await api.call<Envelope<DiaryRow[]>>('GET', `/api/v1/diary?${q}`, auth);
    if (diaries.status !== 200) throw new Error(`GET /diary answered ${diaries.status}`);
    for (const { id, content } of user.diaries) {
      const found = diaries.body.data.find((d) => d.id === id);
      if (!found || found.content !== content) {
        ledger.loseOnce(`diary:${id}`, `diary ${id} of user ${user.id}`);
      }
    }
  }

  const expected = allowedMoods(user);
  if (expected.length > 0) {
    const csv = await api.call('GET', '/api/v1/account/export/moods.csv', auth);
    if (csv.status !== 200) throw new Error(`GET moods.csv answered ${csv.status}`);
    const rows = csv.text
      .split(/\r?\n/)
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(','));
    for (const { key, dates, moods } of expected) {
      const found = rows.some(
        ([date, mood]) => dates.includes(date ?? '') && moods.has(mood ?? ''),
      );
      if (!found) {
        ledger.loseOnce(
          key,
          `mood ${[...moods].join('|')} on ${dates.join('|')} of user ${user.id} ` +
            `(history: ${rows.map((r) => r.slice(0, 2).join(' ')).join('; ') || 'empty'})`,
        );
      }
    }
  }
}

async function checkUsers(
  api: Api,
  ledger: Ledger,
  users: TrackedUser[],
  concurrency = 8,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < users.length) {
        const user = users[next++]!;
        await checkUser(api, ledger, user);
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Checks through the driver, with the server stopped cleanly

async function checkDirect(
  kind: DbKind,
  target: { dataDir: string; databaseUrl?: string },
  ledger: Ledger,
): Promise<void> {
  let query: (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;
  let close: () => Promise<void>;
  if (kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(target.dataDir);
    query = async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
    close = () => db.close();
  } else {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    query = async (text, params) => (await client.query(text, params)).rows;
    close = () => client.end();
  }
  try {
    const present = async (table: string, ids: string[], extra = '') => {
      if (ids.length === 0) return new Set<string>();
      const rows = await query(
        `select id::text as id from ${table} where id = any($1::uuid[]) ${extra}`,
        [ids],
      );
      return new Set(rows.map((r) => String(r.id)));
    };
    const users = ledger.users;
    const check = async (label: string, table: string, ids: string[], extra = '') => {
      const found = await present(table, ids, extra);
      for (const id of ids) {
        if (!found.has(id)) ledger.loseOnce(`${label}:${id}`, `${label} ${id} (driver check)`);
      }
    };
    await check(
      'user',
      'users',
      users.map((u) => u.id),
    );
    await check(
      'goal',
      'goals',
      users.flatMap((u) => u.goals),
    );
    await check(
      'task',
      'tasks',
      users.flatMap((u) => u.tasks.map((t) => t.id)),
    );
    await check(
      'complete',
      'tasks',
      users.flatMap((u) => u.completed),
      "and status = 'Completed'",
    );
    await check(
      'diary',
      'diaries',
      users.flatMap((u) => u.diaries.map((d) => d.id)),
    );
    const moodRows = await query(
      'select user_id::text as user_id, local_date::text as local_date, mood from mood_entries ' +
        'where user_id = any($1::uuid[])',
      [users.map((u) => u.id)],
    );
    for (const user of users) {
      for (const { key, dates, moods } of allowedMoods(user)) {
        const found = moodRows.some(
          (r) =>
            r.user_id === user.id &&
            dates.includes(String(r.local_date)) &&
            moods.has(String(r.mood)),
        );
        if (!found) ledger.loseOnce(key, `mood of user ${user.id} (driver check)`);
      }
    }
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------
// One database

interface Target {
  kind: DbKind;
  workDir: string;
  dataDir: string;
  databaseUrl?: string;
  env: NodeJS.ProcessEnv;
  drop: () => Promise<void>;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function ensurePostgres(): Promise<void> {
  if (await canConnect(ADMIN_URL)) return;
  console.info(`PostgreSQL is not answering at ${ADMIN_URL}; starting the local cluster…`);
  try {
    execSync(
      'pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -n 1)" main start',
      { stdio: 'inherit', shell: '/bin/bash', timeout: 60_000 },
    );
  } catch {
    // Reported below.
  }
  for (let i = 0; i < 30 && !(await canConnect(ADMIN_URL)); i++) await sleep(500);
  if (!(await canConnect(ADMIN_URL))) {
    throw new Error(`PostgreSQL is needed at ${ADMIN_URL} and cannot be reached`);
  }
}

async function prepareTarget(kind: DbKind, port: number): Promise<Target> {
  const workDir = mkdtempSync(path.join(tmpdir(), `wellspring-crash-${kind}-`));
  const dataDir = path.join(workDir, 'data');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The writers come from one address; the limits are not what is tested here.
    RATE_LIMIT_MAX: '100000000',
    RATE_LIMIT_AUTH_MAX: '100000000',
    // No mail server here: production runs without one only with verification off.
    EMAIL_VERIFICATION: 'off',
  };
  if (kind === 'pglite') {
    return { kind, workDir, dataDir, env, drop: async () => {} };
  }
  await ensurePostgres();
  const name = `wellspring_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  env.DATABASE_URL = databaseUrl;
  env.DATA_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  const drop = async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
  return { kind, workDir, dataDir, databaseUrl, env, drop };
}

interface RunResult {
  kind: DbKind;
  cycles: number;
  acknowledged: number;
  lost: number;
  inconsistent: number;
  /** Starts at which the embedded database said it replayed its WAL after the kill. */
  recoveries: number;
  problems: string[];
  failed: boolean;
  seconds: number;
  workDir: string;
}

async function runDatabase(kind: DbKind, settings: ReturnType<typeof readSettings>) {
  const started = Date.now();
  const random = makeRandom(settings.seed + (kind === 'pglite' ? 1 : 2));
  const port = await freePort();
  const target = await prepareTarget(kind, port);
  let dropped = false;
  const cleanup = async () => {
    if (!dropped) {
      dropped = true;
      await target.drop();
    }
  };
  cleanups.push(cleanup);
  // Interrupted (Ctrl-C): the temporary folder goes too. A finished run decides below.
  const removeWorkDir = async () => rmSync(target.workDir, { recursive: true, force: true });
  cleanups.push(removeWorkDir);
  const log = createWriteStream(path.join(target.workDir, 'server.log'));
  const server = new ApiServer(target.env, port, log);
  const api = new Api(server.baseUrl);
  const ledger = new Ledger();
  const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  let cycles = 0;
  let recoveries = 0;
  let failed = false;
  const note = (text: string) => console.info(`[${kind}] ${text}`);

  try {
    const firstStart = await startHealthy(server, note);
    note(`server up in ${firstStart} ms on ${server.baseUrl}; data in ${target.workDir}`);

    for (let cycle = 1; cycle <= settings.cycles && !interrupted; cycle++) {
      const counters = { sent: 0, failed: 0, serverErrors: 0 };
      const stop = { now: false };
      const killAfter =
        settings.killMinMs + Math.floor(random() * (settings.killMaxMs - settings.killMinMs + 1));
      const before = ledger.acknowledged;
      const ctx: WriterContext = { api, ledger, cycle, runId, stop, random, counters };
      const deadline = Date.now() + settings.killMaxMs + 30_000;
      const pool = Array.from(
        { length: settings.writers },
        (_, i) => new Writer(ctx, i + 1, deadline),
      );
      // Registration costs an argon2 hash: each writer gets its first user before the kill clock
      // starts, so the kill lands on every kind of write, not mostly on registrations.
      const firstUsers = await Promise.all(
        pool.map((w) => (w.index === 1 ? undefined : w.register())),
      );
      const writers = pool.map((w, i) => w.run(firstUsers[i]));
      const writersDone = Promise.allSettled(writers);
      await sleep(killAfter);
      // The kill first, then the flag: an answer that arrived before the kill was acknowledged
      // and counts; the loops see the flag, or a refused connection, and send nothing more.
      await server.kill('SIGKILL');
      stop.now = true;
      const outcomes = await writersDone;
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') throw outcome.reason;
      }

      // A share of restarts is killed again while recovering: a second crash mid-start-up.
      let doubleCrash = '';
      if (random() < settings.startKillRate) {
        const early = Math.floor(random() * 1_500);
        server.start();
        await sleep(early);
        await server.kill('SIGKILL');
        doubleCrash = `, killed again ${early} ms into the restart`;
      }

      let upMs: number;
      try {
        upMs = await startHealthy(server, (text) => note(`cycle ${cycle}: ${text}`));
      } catch (err) {
        failed = true;
        ledger.problems.push(`cycle ${cycle}: ${errorText(err)}`);
        break;
      }
      const startErrors = server.lines.filter(isErrorLine);
      if (startErrors.length > 0) {
        failed = true;
        ledger.problems.push(
          `cycle ${cycle}: error lines at start-up:\n${tail(startErrors, startErrors.length)}`,
        );
      }
      const replayed = server.lines.some((l) => /not shut down cleanly/.test(l.text));
      if (replayed) recoveries += 1;
      // This cycle's users, and a sample of the earlier ones (a write lost at any crash stays
      // lost: the full check after the last cycle finds it too).
      const lostBefore = ledger.lost.size;
      const checkStarted = Date.now();
      const earlier = ledger.users.filter((u) => u.cycle < cycle);
      const sample = earlier.filter(() => random() < EARLIER_SAMPLE / Math.max(1, earlier.length));
      const toCheck = [...sample, ...ledger.users.filter((u) => u.cycle === cycle)];
      await checkUsers(api, ledger, toCheck);
      cycles = cycle;
      note(
        `cycle ${cycle}: killed after ${killAfter} ms${doubleCrash}; ` +
          `${ledger.acknowledged - before} acknowledged (${counters.sent} sent, ` +
          `${counters.serverErrors} 5xx); back in ${upMs} ms${replayed ? ', WAL replayed' : ''}; ` +
          `checked ${toCheck.length} users in ${Date.now() - checkStarted} ms; ` +
          `lost ${ledger.lost.size - lostBefore}`,
      );
    }

    if (!failed && !interrupted && server.running) {
      const checkStarted = Date.now();
      await checkUsers(api, ledger, ledger.users);
      note(`API check of all ${ledger.users.length} users in ${Date.now() - checkStarted} ms`);
      // Stop cleanly, then read the rows straight from the database.
      const code = await server.kill('SIGTERM');
      if (code !== 0) {
        failed = true;
        ledger.problems.push(`the server did not stop cleanly on SIGTERM (exit ${code})`);
      }
      await checkDirect(kind, target, ledger);
      note(`driver check of ${ledger.users.length} users done`);
    }
  } catch (err) {
    failed = true;
    ledger.problems.push(`aborted: ${errorText(err)}`);
  } finally {
    await server.kill('SIGKILL');
    await new Promise<void>((resolve) => log.end(resolve));
    await cleanup();
    cleanups.splice(cleanups.indexOf(cleanup), 1);
    cleanups.splice(cleanups.indexOf(removeWorkDir), 1);
  }

  const result: RunResult = {
    kind,
    cycles,
    acknowledged: ledger.acknowledged,
    lost: ledger.lost.size,
    inconsistent: ledger.inconsistent.size,
    recoveries,
    problems: ledger.problems,
    failed,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    workDir: target.workDir,
  };
  // Keep the data and the server log of a failed run for a post-mortem; drop a good one.
  if (!failed && result.lost === 0 && result.inconsistent === 0)
    rmSync(target.workDir, { recursive: true, force: true });
  return result;
}

// ---------------------------------------------------------------------------------------------
// Write latency (no kill): sequential mood and diary writes against a fresh server

async function measureLatency(kind: DbKind, writes: number, builds: string[]) {
  const WARM_UP = 5;
  const runs: Array<{
    label: string;
    server: ApiServer;
    api: Api;
    log: WriteStream;
    dispose: () => Promise<void>;
    users: Array<{ id: string; token: string }>;
  }> = [];
  try {
    for (const build of builds) {
      const port = await freePort();
      const target = await prepareTarget(kind, port);
      // The database and the temporary folder go at the end, or on Ctrl-C.
      const dispose = async () => {
        await target.drop();
        rmSync(target.workDir, { recursive: true, force: true });
      };
      cleanups.push(dispose);
      const log = createWriteStream(path.join(target.workDir, 'server.log'));
      const server = new ApiServer(target.env, port, log, build);
      const label = path.relative(ROOT, build);
      runs.push({ label, server, api: new Api(server.baseUrl), log, dispose, users: [] });
      await startHealthy(server, (text) => console.info(`[${kind}] ${label}: ${text}`));
    }
    for (const run of runs) {
      for (let i = 0; i < writes + WARM_UP; i++) {
        const password = 'correct horse battery';
        const answer = await run.api.call<{ token: string; userData: IdRow }>(
          'POST',
          '/api/v1/auth/register',
          {
            body: {
              name: `Latency ${i}`,
              email: `latency-${i}-${randomBytes(4).toString('hex')}@example.test`,
              password,
              confirmPassword: password,
              terms: true,
              timeZone: 'UTC',
            },
          },
        );
        if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
        run.users.push({ id: answer.body.userData.id, token: answer.body.token });
      }
    }
    type Run = (typeof runs)[number];
    const time = async (what: string, write: (run: Run, i: number) => Promise<Answer<unknown>>) => {
      // A few warm-up writes first (with their own users), not timed.
      for (let i = 0; i < WARM_UP; i++) for (const run of runs) await write(run, writes + i);
      const ms = runs.map((): number[] => []);
      for (let i = 0; i < writes; i++) {
        // With two builds, their writes alternate (in turn first), so both see the same machine.
        const order = i % 2 === 0 ? runs : [...runs].reverse();
        for (const run of order) {
          const t0 = performance.now();
          const answer = await write(run, i);
          ms[runs.indexOf(run)]!.push(performance.now() - t0);
          if (!ok(answer.status)) throw new Error(`${what} answered ${answer.status}`);
        }
      }
      runs.forEach((run, r) => {
        const sorted = ms[r]!.sort((x, y) => x - y);
        const at = (p: number) =>
          sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2);
        const mean = (sorted.reduce((sum, v) => sum + v, 0) / sorted.length).toFixed(2);
        console.info(
          `[${kind}] ${run.label}: ${writes} sequential ${what}: mean ${mean} ms, ` +
            `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`,
        );
      });
    };
    await time('mood writes', (run, i) => {
      const user = run.users[0]!;
      return run.api.call('PATCH', `/api/v1/user?id=${user.id}`, {
        token: user.token,
        body: { mood: MOODS[i % MOODS.length] },
      });
    });
    await time('diary writes', (run, i) => {
      const user = run.users[i]!;
      return run.api.call('POST', '/api/v1/diary', {
        token: user.token,
        body: { id: user.id, content: `Latency entry ${i}` },
      });
    });
  } finally {
    for (const run of runs) {
      await run.server.kill('SIGTERM');
      await new Promise<void>((resolve) => run.log.end(resolve));
      cleanups.splice(cleanups.indexOf(run.dispose), 1);
      await run.dispose();
    }
  }
}

// ---------------------------------------------------------------------------------------------

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

async function main(): Promise<number> {
  const settings = readSettings();
  if (!existsSync(SERVER_JS)) {
    console.error(
      `The API is not built: ${path.relative(ROOT, SERVER_JS)} is missing. ` +
        'Run `npm run build -w @wellspring/api` first; the crash test builds nothing itself.',
    );
    return 2;
  }
  const built = statSync(SERVER_JS).mtimeMs;
  const sources = ['apps/api/src', 'packages/shared/src'].map((d) => path.join(ROOT, d));
  if (sources.some((dir) => existsSync(dir) && newestMtime(dir) > built)) {
    console.warn(
      'warning: apps/api/dist/server.js is older than the sources; this tests the built server. ' +
        'Run `npm run build -w @wellspring/api` to test the current code.',
    );
  }

  if (settings.latency) {
    const builds = [SERVER_JS];
    const compare = setting('COMPARE', '');
    if (compare) builds.push(path.resolve(ROOT, compare));
    for (const build of builds) {
      if (!existsSync(build)) throw new Error(`${build} is missing`);
    }
    for (const kind of settings.databases) {
      await measureLatency(kind, settings.latencyWrites, builds);
    }
    return 0;
  }

  console.info(
    `crash test: ${settings.databases.join(' and ')}, ${settings.cycles} cycles, ` +
      `${settings.writers} writers, kill after ${settings.killMinMs}–${settings.killMaxMs} ms, ` +
      `SEED=${settings.seed}`,
  );
  const results: RunResult[] = [];
  for (const kind of settings.databases) {
    if (interrupted) break;
    results.push(await runDatabase(kind, settings));
  }

  let bad = interrupted;
  console.info('');
  for (const r of results) {
    console.info(`${r.kind}: cycles ${r.cycles}, acknowledged ${r.acknowledged}, lost ${r.lost}`);
    if (r.inconsistent > 0) console.info(`  inconsistent goals ${r.inconsistent}`);
    if (r.kind === 'pglite')
      console.info(`  WAL replayed at ${r.recoveries} of ${r.cycles} restarts`);
    if (r.failed || r.lost > 0 || r.inconsistent > 0 || r.cycles < settings.cycles) {
      bad = true;
      const shown = r.problems.slice(0, 20);
      for (const problem of shown) console.error(`  ${problem}`);
      if (r.problems.length > shown.length) {
        console.error(`  … and ${r.problems.length - shown.length} more`);
      }
      console.error(`  the data and server.log are kept in ${r.workDir}`);
    }
    console.info(`  (${r.seconds} s)`);
  }
  return bad ? 1 : 0;
}

main()
  .then(async (code) => {
    await runCleanups();
    process.exitCode = code;
  })
  .catch(async (err: unknown) => {
    console.error(errorText(err));
    await runCleanups();
    process.exitCode = 1;
  });
