/**
 * Where the machine's CPU went during a load: the server process, every PostgreSQL process (all
 * databases: other work on the same cluster counts there too), this bench process (the load
 * generator), and everything else, from /proc. On a shared machine, "everything else" says how
 * much the numbers were disturbed.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** A process's CPU so far (user + system) in clock ticks of 10 ms; 0 once it is gone. */
export function processTicks(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process's CPU so far, by pid. */
function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        ticks.set(entry, processTicks(entry));
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks;
}

/**
 * PostgreSQL's CPU between two readings: each process's own growth (a backend that started
 * meanwhile counts whole). A backend that ended meanwhile takes its ticks with it: subtracting
 * sums instead made the figure negative when another pool closed during a row.
 */
function postgresTicksSince(before: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, now] of postgresTicks()) ticks += Math.max(0, now - (before.get(pid) ?? 0));
  return ticks;
}

function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = values[3]! + values[4]!; // idle + iowait
  return { busy: total - idle, total };
}

export interface CpuSplit {
  /** Seconds of CPU during the window. */
  server: number;
  postgres: number;
  generator: number;
  other: number;
  /** Cores' worth of time the window offered (wall time × cores). */
  capacity: number;
}

/** Starts counting; call the answer to stop and get the split. */
export function startCpuAccount(serverPid: number, hasPostgres: boolean): () => CpuSplit {
  const server0 = processTicks(serverPid);
  const pg0 = hasPostgres ? postgresTicks() : new Map<string, number>();
  const self0 = process.cpuUsage();
  const machine0 = machineTicks();
  return () => {
    const server = ((processTicks(serverPid) - server0) * TICK_MS) / 1000;
    const postgres = hasPostgres ? (postgresTicksSince(pg0) * TICK_MS) / 1000 : 0;
    const self = process.cpuUsage(self0);
    const generator = (self.user + self.system) / 1e6;
    const machine1 = machineTicks();
    const busy = ((machine1.busy - machine0.busy) * TICK_MS) / 1000;
    const capacity = ((machine1.total - machine0.total) * TICK_MS) / 1000;
    return {
      server,
      postgres,
      generator,
      other: Math.max(0, busy - server - postgres - generator),
      capacity,
    };
  };
}

export const formatCpu = (c: CpuSplit) =>
  `server ${c.server.toFixed(1)} s, postgres ${c.postgres.toFixed(1)} s, ` +
  `load generator ${c.generator.toFixed(1)} s, other ${c.other.toFixed(1)} s ` +
  `of ${c.capacity.toFixed(1)} core-s`;
