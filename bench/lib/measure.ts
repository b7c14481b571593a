/** One autocannon row of a server bench, with where the machine's CPU went meanwhile. */
import type autocannon from 'autocannon';
import { formatCpu, startCpuAccount, type CpuSplit } from './cpu';
import { fmtInt, fmtMs, runLoad, type LoadResult } from './load';

export type Measured = LoadResult & { cpu: CpuSplit };

/** Runs the load on the server `pid` (and the PostgreSQL processes when `hasPostgres`). */
export async function measure(
  label: string,
  pid: number,
  hasPostgres: boolean,
  options: autocannon.Options,
): Promise<Measured> {
  const stopCpu = startCpuAccount(pid, hasPostgres);
  const result = await runLoad(label, options);
  const cpu = stopCpu();
  console.info(
    `${label}: ${fmtInt(result.rps)} req/s, p50 ${fmtMs(result.p50)}, p99 ${fmtMs(result.p99)}; ` +
      `CPU: ${formatCpu(cpu)}`,
  );
  return { ...result, cpu };
}
