/** One autocannon row of a server bench, with where the machine's CPU went meanwhile. */
import autocannon from 'autocannon';
import { monotonicUs, type ClockWindow } from './cpu-profile';
import { formatCpu, processTicks, startCpuAccount, type CpuSplit } from './cpu';
import { CONNECTIONS, fmtInt, fmtMs, runLoad, type LoadResult } from './load';

export type Measured = LoadResult & {
  cpu: CpuSplit;
  /** Requests sent while warming up (writes among them count against the daily caps too). */
  warmUpRequests: number;
  /** When the measured load ran, on the monotonic clock of a CPU profile. */
  window: ClockWindow;
};

/** Warm-up rounds of one second, at least and at most. */
const WARM_UP_MIN_S = 2;
const WARM_UP_MAX_S = Number(process.env.BENCH_WARM_UP_MAX_S ?? 10);
/** Steady: a round's server CPU per request within this share of the round before. */
const STEADY = 0.15;

/**
 * Loads the server until its CPU per request is steady: V8 optimises a path after enough calls,
 * and on a busy machine its compiler threads get little time, so a fixed second or two left the
 * first rows measuring a server still compiling (GET /user: 1.4 ms of CPU a request in its first
 * 3 s, 0.28 ms in its fourth 3 s, at a load average of 20). Answers the rounds' CPU per request.
 */
export async function warmUpUntilSteady(
  pid: number,
  options: autocannon.Options,
  maxSeconds = WARM_UP_MAX_S,
): Promise<{ perRequest: number[]; requests: number }> {
  const perRequest: number[] = [];
  let requests = 0;
  for (let round = 1; round <= maxSeconds; round += 1) {
    const ticks = processTicks(pid);
    const result = await autocannon({
      connections: CONNECTIONS,
      duration: 1,
      timeout: 10,
      ...options,
    });
    requests += result.requests.total;
    perRequest.push(((processTicks(pid) - ticks) * 10) / Math.max(1, result.requests.total));
    const [before, now] = perRequest.slice(-2) as [number, number];
    if (round >= WARM_UP_MIN_S && Math.abs(now - before) <= STEADY * before) break;
  }
  return { perRequest, requests };
}

/**
 * Warms the server up until steady (for `maxWarmUpSeconds` at most), then runs the load on it
 * (`pid`, and the PostgreSQL processes when `hasPostgres`).
 */
export async function measure(
  label: string,
  pid: number,
  hasPostgres: boolean,
  options: autocannon.Options,
  maxWarmUpSeconds = WARM_UP_MAX_S,
): Promise<Measured> {
  const warm = await warmUpUntilSteady(pid, options, maxWarmUpSeconds);
  const stopCpu = startCpuAccount(pid, hasPostgres);
  const fromUs = monotonicUs();
  const result = await runLoad(label, options);
  const window = { fromUs, toUs: monotonicUs() };
  const cpu = stopCpu();
  console.info(
    `${label}: ${fmtInt(result.rps)} req/s, p50 ${fmtMs(result.p50)}, p99 ${fmtMs(result.p99)}; ` +
      `CPU: ${formatCpu(cpu)}; warm-up ${warm.perRequest.length} s, server CPU ms a request ` +
      warm.perRequest.map((v) => v.toFixed(2)).join(' → '),
  );
  return { ...result, cpu, warmUpRequests: warm.requests, window };
}
