/** The resident set size of a bench's child processes, read from /proc. */
import { readFileSync } from 'node:fs';

/** The resident set size of a process in bytes (VmRSS), or 0 once it has gone. */
export function readRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `intervalMs` until stopped; answers the peak. */
export function sampleRss(pid: number, intervalMs = 100) {
  let peak = readRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, readRss(pid));
  }, intervalMs);
  return {
    get peak() {
      return peak;
    },
    stop(): number {
      clearInterval(timer);
      peak = Math.max(peak, readRss(pid));
      return peak;
    },
  };
}
