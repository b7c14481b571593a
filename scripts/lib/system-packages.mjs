// What the test commands do when a system program they need is missing: install Debian's package
// when they can (root, with apt-get), else stop before any test with one line naming the command.
import { execSync, spawnSync } from 'node:child_process';

/**
 * Decides what to do about a missing system program.
 * @param {{ present: boolean, isRoot: boolean, hasAptGet: boolean, aptPackages: string[], what: string }} facts
 * @returns {{ action: 'none' } | { action: 'install', line: string, command: string } | { action: 'stop', line: string }}
 */
export function planSystemPackage({ present, isRoot, hasAptGet, aptPackages, what }) {
  if (present) return { action: 'none' };
  const packages = aptPackages.join(' ');
  if (isRoot && hasAptGet) {
    return {
      action: 'install',
      line: `${what} is missing: installing Debian's ${packages} (apt-get install -y ${packages})…`,
      command: `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
    };
  }
  const sudo = isRoot ? '' : 'sudo ';
  return {
    action: 'stop',
    line: `${what} is missing. Install it first: ${sudo}apt-get install -y ${packages}`,
  };
}

/** The facts about this machine that planSystemPackage needs, but for `present`. */
export function machineFacts() {
  const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  return { isRoot: process.getuid?.() === 0, hasAptGet };
}

/**
 * Carries a plan out: installs, or prints the line and exits 1. Returns true if it installed.
 * @param {ReturnType<typeof planSystemPackage>} plan
 */
export function carryOut(plan) {
  if (plan.action === 'none') return false;
  console.info(plan.line);
  if (plan.action === 'stop') process.exit(1);
  try {
    execSync(plan.command, { stdio: ['ignore', 'ignore', 'inherit'], shell: '/bin/bash' });
  } catch {
    console.error(`The install failed: ${plan.command}`);
    process.exit(1);
  }
  return true;
}
