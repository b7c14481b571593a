/**
 * The API bench's tables: every row beside its database's one-query reference and the bare
 * node:http one, with the read line of decision 069 and whether each row meets it; then memory and
 * start-up, where the CPU went during each row, and GET /user against its own statement without
 * the framework.
 */
import { cpus } from 'node:os';
import { CONNECTIONS, DURATION_S, fmtInt, fmtMb, fmtMs, median, printTable } from './load';
import type { Measured } from './measure';

export type Kind = 'pglite' | 'postgres';

export interface Section {
  kind: Kind;
  firstStartMs: number;
  restartMs: number[];
  idleRss: number;
  peakRss: number;
  /** The references' body size: the median of the reads' answers. */
  bodyBytes: number;
  reads: Measured[];
  write: Measured;
  oneQuery: Measured;
  /** GET /user's own statement through the API's database layer, without the framework. */
  statement: Measured;
  bare: Measured;
  notes: string[];
}

/**
 * The line decision 069 keeps: a read's p99 at 50 connections under 50 ms, on either database; the
 * ratios are printed as measures, with no target. Memory and start-up: decision 017.
 */
export const TARGETS = {
  readP99Ms: 50,
  idleRss: 150 * 1024 * 1024,
  loadRss: 300 * 1024 * 1024,
  restartMs: 2_000,
};

interface Target {
  text: string;
  isMet: (row: Measured) => boolean;
}

function targetOf(isWrite: boolean): Target {
  if (isWrite) return { text: '(no target)', isMet: () => true };
  return { text: `p99 < ${TARGETS.readP99Ms} ms`, isMet: (r) => r.p99 < TARGETS.readP99Ms };
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

function throughputRows(s: Section): string[][] {
  const cells = (r: Measured) => [fmtInt(r.rps), fmtMs(r.p50), fmtMs(r.p99)];
  const rows: string[][] = [
    [`${s.kind}: ${s.oneQuery.label}`, ...cells(s.oneQuery), '1.00', '', '', ''],
    [`${s.kind}: ${s.bare.label} (${s.bodyBytes} B)`, ...cells(s.bare), '', '1.00', '', ''],
    [
      `${s.kind}: ${s.statement.label}`,
      ...cells(s.statement),
      (s.statement.rps / s.oneQuery.rps).toFixed(2),
      (s.statement.rps / s.bare.rps).toFixed(2),
      '',
      '',
    ],
  ];
  for (const r of [...s.reads, s.write]) {
    const ratio = r.rps / s.oneQuery.rps;
    const target = targetOf(r === s.write);
    const isMet = target.isMet(r) && !r.non2xx && !r.errors;
    rows.push([
      `${s.kind}: ${r.label}`,
      ...cells(r),
      ratio.toFixed(2),
      (r.rps / s.bare.rps).toFixed(2),
      target.text,
      verdict(isMet) + (r.non2xx || r.errors ? ' (errors)' : ''),
    ]);
  }
  return rows;
}

function memoryRows(s: Section): string[][] {
  const med = median(s.restartMs);
  return [
    [
      `${s.kind}: RSS idle, before load`,
      fmtMb(s.idleRss),
      '< 150 MB',
      verdict(s.idleRss < TARGETS.idleRss),
    ],
    [
      `${s.kind}: RSS peak, under load`,
      fmtMb(s.peakRss),
      '< 300 MB',
      verdict(s.peakRss < TARGETS.loadRss),
    ],
    [`${s.kind}: first start, empty database`, fmtMs(s.firstStartMs), '(no target)', ''],
    [
      `${s.kind}: start on existing data, median of ${s.restartMs.length}`,
      fmtMs(med),
      '< 2 s',
      verdict(med < TARGETS.restartMs),
    ],
  ];
}

/** Prints the three tables and the notes. `loadAverage`: /proc/loadavg while measuring. */
export function printApiReport(sections: Section[], loadAverage: string): void {
  console.info(
    `\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}. ` +
      `Throughput: ${CONNECTIONS} connections, ${DURATION_S} s a row, every server in its own ` +
      `process, all in this run; load average while measuring: ${loadAverage}. ` +
      '"× 1-query" is the ratio to the one-query reference of the same database, "× bare" to ' +
      'the bare node:http server: measures, not targets (decision 069).\n',
  );
  printTable(
    ['row', 'req/s', 'p50', 'p99', '× 1-query', '× bare', 'target (decision 069)', 'result'],
    sections.flatMap(throughputRows),
  );

  console.info('\nMemory (VmRSS of the server process) and start-up\n');
  printTable(['measure', 'value', 'target', 'result'], sections.flatMap(memoryRows));

  console.info(
    '\nCPU during each row (seconds; "other" is everything else on the machine, such as other' +
      " people's test suites), and per request (ms): what a row costs, which a busy machine " +
      'disturbs far less than the requests a second\n',
  );
  const perRequest = (seconds: number, r: Measured) =>
    r.total ? ((1000 * seconds) / r.total).toFixed(3) : '';
  const cpuRows = sections.flatMap((s) =>
    [s.oneQuery, s.bare, s.statement, ...s.reads, s.write].map((r) => [
      `${s.kind}: ${r.label}`,
      r.cpu.server.toFixed(1),
      r.cpu.postgres.toFixed(1),
      r.cpu.generator.toFixed(1),
      r.cpu.other.toFixed(1),
      r.cpu.capacity.toFixed(1),
      perRequest(r.cpu.server, r),
      s.kind === 'postgres' ? perRequest(r.cpu.postgres, r) : '',
    ]),
  );
  printTable(
    ['row', 'server', 'postgres', 'autocannon', 'other', 'capacity', 'server/req', 'pg/req'],
    cpuRows,
  );
  // GET /user against its own statement without the framework: what the framework's layers take.
  const layers = sections.map((s) => {
    const user = s.reads.find((r) => r.label === 'GET /user');
    return user
      ? `${s.kind}: GET /user makes ${(user.rps / s.statement.rps).toFixed(2)}× the requests a ` +
          `second of its own statement on bare node:http (server CPU a request ` +
          `${perRequest(user.cpu.server, user)} ms against ${perRequest(s.statement.cpu.server, s.statement)} ms)`
      : '';
  });
  console.info(`\nThe framework's share of GET /user:\n${layers.filter(Boolean).join('\n')}`);
  const notes = sections.flatMap((s) => s.notes);
  if (notes.length) console.info(`\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}`);
}
