import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planSystemPackage } from './system-packages.mjs';

const base = { aptPackages: ['chromium'], what: 'Chromium' };

describe('a missing system program', () => {
  it('needs nothing when present', () => {
    expect(planSystemPackage({ ...base, present: true, isRoot: true, hasAptGet: true })).toEqual({
      action: 'none',
    });
  });

  it('is installed from Debian when running as root with apt-get, saying so in one line', () => {
    const plan = planSystemPackage({ ...base, present: false, isRoot: true, hasAptGet: true });
    expect(plan.action).toBe('install');
    expect(plan.line).toMatch(/^Chromium is missing: installing Debian's chromium/);
    expect(plan.line).not.toContain('\n');
    expect(plan.command).toContain('apt-get install -y -qq chromium');
  });

  it('stops with the command to run when not root', () => {
    const plan = planSystemPackage({ ...base, present: false, isRoot: false, hasAptGet: true });
    expect(plan).toEqual({
      action: 'stop',
      line: 'Chromium is missing. Install it first: sudo apt-get install -y chromium',
    });
  });

  it('stops with the command to run when there is no apt-get', () => {
    const plan = planSystemPackage({ ...base, present: false, isRoot: true, hasAptGet: false });
    expect(plan.action).toBe('stop');
    expect(plan.line).toContain('apt-get install -y chromium');
  });

  it('ensure-chromium passes quietly when the browser is there', () => {
    const result = spawnSync(
      process.execPath,
      [path.join(import.meta.dirname, '../ensure-chromium.mjs')],
      {
        env: { ...process.env, CHROMIUM_PATH: process.execPath },
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
  });
});
