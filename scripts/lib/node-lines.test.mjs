import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ensureNodeLine,
  getCacheRoot,
  getIntegrity,
  NODE_LINES,
  parseArguments,
  withNodeFirst,
} from './node-lines.mjs';

const made = [];
function makeDir() {
  const dir = mkdtempSync(join(tmpdir(), 'node-lines-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('parseArguments', () => {
  it('splits the lines from the command at --', () => {
    expect(parseArguments(['24', '26', '--', 'npx', 'vitest', 'run', '--project', 'api'])).toEqual({
      lines: ['24', '26'],
      command: ['npx', 'vitest', 'run', '--project', 'api'],
    });
  });

  it('refuses a line it has no pinned release for, and a missing command', () => {
    expect(() => parseArguments(['25', '--', 'node'])).toThrow(/unknown Node line 25/);
    expect(() => parseArguments(['24', '--'])).toThrow(/usage/);
    expect(() => parseArguments(['24', 'node'])).toThrow(/usage/);
  });
});

describe('pinned lines', () => {
  it('pins a 24.x and a 26.x release, each with a sha512 integrity', () => {
    expect(NODE_LINES[24].version).toMatch(/^24\.\d+\.\d+$/);
    expect(NODE_LINES[26].version).toMatch(/^26\.\d+\.\d+$/);
    for (const { integrity } of Object.values(NODE_LINES)) {
      expect(integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    }
  });
});

describe('getCacheRoot', () => {
  it('uses WELLSPRING_NODE_CACHE, else the XDG cache, else ~/.cache, outside the repository', () => {
    expect(getCacheRoot({ WELLSPRING_NODE_CACHE: '/srv/nodes' })).toBe('/srv/nodes');
    expect(getCacheRoot({ XDG_CACHE_HOME: '/xdg' })).toBe('/xdg/wellspring-node');
    expect(getCacheRoot({})).toMatch(/\.cache\/wellspring-node$/);
  });
});

describe('withNodeFirst', () => {
  it('puts the bin folder before the rest of PATH and keeps other variables', () => {
    const env = withNodeFirst('/c/24/bin', { PATH: '/usr/bin', KEEP: '1' });
    expect(env.PATH).toBe(`/c/24/bin${delimiter}/usr/bin`);
    expect(env.KEEP).toBe('1');
  });
});

describe('getIntegrity', () => {
  it('gives the registry form of a file’s sha512', () => {
    const file = join(makeDir(), 'empty');
    writeFileSync(file, '');
    expect(getIntegrity(file)).toBe(
      'sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==',
    );
  });
});

describe('ensureNodeLine', () => {
  it('reuses a cached binary that reports the pinned version, fetching nothing', () => {
    const cacheRoot = makeDir();
    const { version } = NODE_LINES[24];
    const binDir = join(cacheRoot, version, 'bin');
    mkdirSync(binDir, { recursive: true });
    writeFileSync(join(binDir, 'node'), `#!/bin/sh\necho v${version}\n`);
    chmodSync(join(binDir, 'node'), 0o755);
    const logged = [];
    expect(ensureNodeLine('24', { cacheRoot, log: (line) => logged.push(line) })).toBe(binDir);
    expect(logged).toEqual([]);
  });
});
