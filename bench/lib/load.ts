/** Load through autocannon, and the plain table the benches print. */
import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  /** Count per status code, for the notes when something other than 2xx came back. */
  statuses: Record<string, number>;
}

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

/** Runs autocannon with 50 connections for BENCH_DURATION seconds (unless told otherwise). */
export async function runLoad(
  label: string,
  options: autocannon.Options,
): Promise<LoadResult & { raw: autocannon.Result }> {
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: 10,
    ...options,
  });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = stat.count ?? 0;
  }
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
    raw: result,
  };
}

/** A short run whose numbers are thrown away: JIT, caches and pools warm up. */
export async function warmUp(options: autocannon.Options, seconds = 2): Promise<void> {
  await autocannon({ connections: CONNECTIONS, duration: seconds, timeout: 10, ...options });
}

/** Prints rows as an aligned plain-text table. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.info(line(headers));
  console.info(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.info(line(row));
}

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const fmtMs = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
export const fmtMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The p-th percentile (nearest rank) of the values; NaN for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
