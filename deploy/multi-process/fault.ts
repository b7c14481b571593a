/**
 * The deploy check's faults, on the load's timeline: SIGTERM to A at SIGTERM_AT and A started
 * again, then SIGKILL to B at SIGKILL_AT and B started again a second later; each step an event.
 */
import { type Api, startApi } from './apis';
import { SIGKILL_AT, SIGTERM_AT } from './settings';
import { type Load } from './workload';
import { sleep } from '../../scripts/lib/processes.mjs';

/** Stops A gracefully and kills B during the load; answers A's exit code and how long it took. */
export async function failover(
  load: Pick<Load, 't0' | 'at' | 'stats'>,
  apis: [Api, Api],
  env: (api: Api) => Record<string, string>,
): Promise<{ aCode: number | null; aStopMs: number }> {
  const { t0, at } = load;
  const events = load.stats.events;
  const [a, b] = apis;
  await sleep(Math.max(0, SIGTERM_AT - (performance.now() - t0)));
  events.push(`${at()} SIGTERM to A`);
  const termAt = performance.now();
  const aCode = await a.child!.stop('SIGTERM', 15_000);
  const aStopMs = performance.now() - termAt;
  events.push(`${at()} A exited with code ${aCode}`);
  if (aCode !== 0) events.push(`A said:\n${a.child!.output()}`);
  const aStart = await startApi(a, env(a));
  events.push(`${at()} A answering again (started in ${Math.round(aStart)} ms)`);
  await sleep(Math.max(0, SIGKILL_AT - (performance.now() - t0)));
  events.push(`${at()} SIGKILL to B`);
  const bCode = await b.child!.stop('SIGKILL');
  events.push(`${at()} B gone (code ${bCode})`);
  await sleep(1_000);
  const bStart = await startApi(b, env(b));
  events.push(`${at()} B answering again (started in ${Math.round(bStart)} ms)`);
  return { aCode, aStopMs };
}
