// The harness's child processes (shared by scripts/, bench/ and deploy/, decision 029): every child
// started here is tracked and killed when the script ends, however it ends; clean-ups (temporary
// folders, databases) run last-registered first, also on Ctrl-C. Plain node can import this file
// (scripts/*.mjs); the JSDoc types are checked by `tsc -p bench` (allowJs, checkJs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getStatus } from './ports.mjs';

/** The repository's root folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The production build of the API server, and of its migration command. */
export const SERVER_JS = path.join(ROOT, 'apps', 'api', 'dist', 'server.js');
export const MIGRATE_JS = path.join(ROOT, 'apps', 'api', 'dist', 'migrate-cli.js');

/** @typedef {() => void | Promise<void>} Cleanup */

/**
 * Every child still running, with the signal that ends it when the script is cut short.
 * @type {Map<import('node:child_process').ChildProcess, NodeJS.Signals>}
 */
const running = new Map();
/** @type {Cleanup[]} */
const cleanups = [];
/** @type {Array<(signal: NodeJS.Signals) => void>} */
const interruptListeners = [];

export const sleep = (/** @type {number} */ ms) =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** An error's message, with its cause's when it has one. */
export function errorText(/** @type {unknown} */ err) {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}

/**
 * Runs `fn` when the script ends (runCleanups), also on Ctrl-C. Answers a function that forgets
 * it again, for a clean-up that has been done by hand.
 * @param {Cleanup} fn
 * @returns {() => void}
 */
export function onCleanup(fn) {
  cleanups.push(fn);
  return () => {
    const at = cleanups.indexOf(fn);
    if (at >= 0) cleanups.splice(at, 1);
  };
}

/** Runs every registered clean-up, last registered first, then forgets them. */
export async function runCleanups() {
  while (cleanups.length > 0) {
    const fn = /** @type {Cleanup} */ (cleanups.pop());
    await Promise.resolve()
      .then(fn)
      .catch((/** @type {unknown} */ err) => console.error('clean-up failed:', errorText(err)));
  }
}

/**
 * Tracks a child this script spawned itself: it is killed with `signal` when the script is cut
 * short or exits.
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} [signal]
 */
export function trackChild(child, signal = 'SIGKILL') {
  running.set(child, signal);
  child.once('exit', () => running.delete(child));
}

/** Ends every tracked child that still runs, each with its own signal. */
export function killChildren() {
  for (const [child, signal] of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

/** Told first when the script is interrupted (SIGINT, SIGTERM, SIGHUP), before the clean-ups. */
export function onInterrupt(/** @type {(signal: NodeJS.Signals) => void} */ listener) {
  interruptListeners.push(listener);
}

const SIGNAL_NUMBERS = /** @type {const} */ ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 });
let isInterrupted = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    const code = 128 + SIGNAL_NUMBERS[signal];
    if (isInterrupted) process.exit(code);
    isInterrupted = true;
    for (const listener of interruptListeners) listener(signal);
    killChildren();
    setTimeout(() => process.exit(code), 10_000).unref();
    void runCleanups().finally(() => process.exit(code));
  });
}
// Whatever else happens, no child outlives the script.
process.on('exit', killChildren);

/**
 * Runs a script's main, then its clean-ups; on a failure prints it and exits 1 after them.
 * @param {() => Promise<void>} main
 */
export function runMain(main) {
  main()
    .then(() => runCleanups())
    .catch(async (/** @type {unknown} */ error) => {
      console.error(error);
      await runCleanups();
      process.exit(1);
    });
}

/**
 * @typedef {object} Child
 * @property {import('node:child_process').ChildProcess} process
 * @property {number} pid
 * @property {number} port
 * @property {string} baseUrl
 * @property {number} spawnedAt When the process was spawned (performance.now()).
 * @property {() => string} output The last lines it printed, for error reports.
 * @property {(signal?: NodeJS.Signals, graceMs?: number) => Promise<number | null>} stop
 *   Signals it and waits for its exit; SIGKILL if it has not exited after `graceMs`.
 * @property {Promise<number | null>} exited Resolves when it exits.
 */

/**
 * Starts `node <script>` with exactly the given environment (plus PATH and HOME); node's own
 * arguments from BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to look inside.
 * @param {string} script
 * @param {number} port
 * @param {Record<string, string>} env
 * @returns {Child}
 */
export function spawnNode(script, port, env) {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawnProcess(process.execPath, [...nodeArgs, script], port, env);
}

/**
 * Starts a command with exactly the given environment (plus PATH and HOME), tracked for clean-up.
 * @param {string} command
 * @param {string[]} args
 * @param {number} port
 * @param {Record<string, string>} env
 * @param {NodeJS.Signals} [emergencySignal] How to end it if the script is cut short (nginx:
 *   SIGTERM, so its master stops its workers).
 * @returns {Child}
 */
export function spawnProcess(command, args, port, env, emergencySignal = 'SIGKILL') {
  const spawnedAt = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child, emergencySignal);
  /** @type {string[]} */
  const lines = [];
  const keep = (/** @type {Buffer} */ chunk) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      lines.push(`(exited with ${signal ? `signal ${signal}` : `code ${code}`})`);
      resolve(code ?? (signal ? null : 0));
    });
  });
  return {
    process: child,
    pid: child.pid ?? 0,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    spawnedAt,
    output: () => lines.join('\n'),
    exited,
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * Polls `url` every 10 ms until it answers 200; answers the milliseconds since the child was
 * spawned. Throws with the child's output when it exits first or `timeoutMs` passes.
 * @param {Child} child
 * @param {string} url
 * @param {number} [timeoutMs]
 * @returns {Promise<number>}
 */
export async function waitUntilHealthy(child, url, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  let hasExited = false;
  void child.exited.then(() => (hasExited = true));
  while (performance.now() < deadline) {
    if (hasExited) throw new Error(`the process exited before it was ready:\n${child.output()}`);
    if ((await getStatus(url, 500)) === 200) return performance.now() - child.spawnedAt;
    await sleep(10);
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms:\n${child.output()}`);
}
