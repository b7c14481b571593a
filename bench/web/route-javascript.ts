/**
 * Issue 35's figure of each signed-in route (decision 087): the gzip JavaScript the browser fetches
 * for it until the network is idle, the offline and install layer included: the page's scripts
 * (the layer's registration code among them) and the service worker's own script. What the worker
 * precaches in the background and the page never asks for is shown beside it, not counted.
 */
import { printTable } from '../lib/load';
import { type BudgetRow, type PageLoad, type ScriptLoad } from './budgets';
import { FIVE_YEAR_TARGETS, fmtKb, pathOf, verdict } from './settings';

/** The chunks named in a route's line: its largest ones. */
const LARGEST = 6;

const gzip9 = (list: ScriptLoad[]) => list.reduce((sum, s) => sum + s.gzip9Bytes, 0);
/** As sent: the transferred size of a body the server compressed (Brotli for Chromium), else raw. */
const sent = (list: ScriptLoad[]) =>
  list.reduce(
    (sum, s) => sum + (s.encoding && s.encoding !== 'identity' ? s.gzipBytes : s.rawBytes),
    0,
  );
const fileOf = (url: string) => pathOf(url).replace(/^\/assets\//, '');

/** The viewport whose route figure is the larger. */
const worseRoute = (row: BudgetRow): PageLoad =>
  row.loads.reduce((a, b) => (b.routeGzip > a.routeGzip ? b : a));

export function reportRouteJavaScript(rows: BudgetRow[]) {
  const signedIn = rows.filter((r) => r.person !== 'visitor');
  const target = FIVE_YEAR_TARGETS.routeGzip;
  console.info(
    '\nJavaScript a signed-in route fetches until idle, the offline and install layer included ' +
      '(decision 087): gzip -9 of every body (node:zlib), whatever encoding the server sent; ' +
      "the page's `script` responses plus the service worker's own script, as the browser " +
      'fetched them in a fresh context with service workers allowed. "precached, not counted": ' +
      'JavaScript the worker downloaded in the background that the page did not ask for. The ' +
      'worse of the two viewports; "as sent": the same scripts as the server sent them (its ' +
      'Brotli copies, and raw what it has no copy of), for comparison only.\n',
  );
  printTable(
    [
      'route',
      'page scripts',
      'service worker',
      'route total',
      'as sent',
      'precached, not counted',
      'target',
      'result',
    ],
    signedIn.map((row) => {
      const load = worseRoute(row);
      const page = gzip9(load.scripts);
      const worker = gzip9(load.workerScripts);
      return [
        row.label,
        `${fmtKb(page)} (${load.scripts.length})`,
        load.workerScripts.length
          ? `${fmtKb(worker)} (${load.workerScripts.map((s) => fileOf(s.url)).join(', ')})`
          : load.hasWorker
            ? 'active, script not seen'
            : 'none registered',
        fmtKb(load.routeGzip),
        fmtKb(sent(load.scripts) + sent(load.workerScripts)),
        `${fmtKb(gzip9(load.backgroundScripts))} (${load.backgroundScripts.length})`,
        `≤ ${fmtKb(target)}`,
        verdict(load.routeGzip <= target),
      ];
    }),
  );

  console.info(`\nThe largest chunks of each route (gzip -9):`);
  for (const row of signedIn) {
    const load = worseRoute(row);
    const chunks = [...load.scripts, ...load.workerScripts]
      .sort((a, b) => b.gzip9Bytes - a.gzip9Bytes)
      .slice(0, LARGEST)
      .map((s) => `${fileOf(s.url)} ${fmtKb(s.gzip9Bytes)}`);
    const over = load.routeGzip - target;
    const verdictText = over > 0 ? `${fmtKb(over)} over` : `${fmtKb(-over)} under`;
    console.info(`- ${row.label}: ${fmtKb(load.routeGzip)}, ${verdictText}; ${chunks.join(', ')}`);
  }
}
