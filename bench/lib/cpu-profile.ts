/**
 * A V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) summarised as its top self-time
 * entries: function, file:line and share of the samples, optionally only the samples taken in a
 * window of the monotonic clock (V8's profile timestamps and process.hrtime both read
 * CLOCK_MONOTONIC in microseconds, so the parent can name the window of a load it ran). Positions
 * in a bundled file with a source map beside it (apps/api/dist/server.js) are mapped back to the
 * original source: fastify's, pg's or our own apps/api/src file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  /** Zero-based, -1 for the profiler's own entries such as (idle). */
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}

export interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds of the monotonic clock. */
  startTime: number;
  endTime: number;
  /** The node id on top of the stack at each sample. */
  samples: number[];
  /** Microseconds since the previous sample (the first: since startTime). */
  timeDeltas: number[];
}

export interface ProfileEntry {
  functionName: string;
  /** file:line, relative to the repository where it is inside it; empty for (idle) and such. */
  location: string;
  samples: number;
  /** Share of all samples in the window, 0 to 100. */
  percent: number;
}

export interface ProfileSummary {
  /** Samples in the window. */
  samples: number;
  /** Share of them the process was idle (waiting on the network or the database). */
  idlePercent: number;
  top: ProfileEntry[];
  /** The same samples by where their code lives (profileArea), most first. */
  areas: { area: string; samples: number; percent: number }[];
}

/**
 * Where an entry's code lives, for a profile whose top entries are all a few percent: our own
 * code, a package (by its name), node's JavaScript, PGlite's WebAssembly, or the runtime's own
 * entries (native calls such as writev, the garbage collector, idle).
 */
export function profileArea(functionName: string, location: string): string {
  if (!location) {
    return ['(idle)', '(garbage collector)', '(program)'].includes(functionName)
      ? functionName
      : 'native calls (writev, microtasks, …)';
  }
  if (location.startsWith('wasm://')) return 'PGlite WebAssembly';
  if (location.startsWith('node:')) return "node's JavaScript";
  if (location.startsWith('apps/') || location.startsWith('packages/')) return 'ours';
  const [first, second] = location.split('/');
  if (first?.startsWith('@')) return `${first}/${second}`;
  // A package whose own source map lost its name (drizzle-orm's sources read src/…).
  if (first === 'src') return 'a bundled package without its name';
  return first ?? location;
}

/** A window of the monotonic clock in microseconds (process.hrtime.bigint() / 1000n). */
export interface ClockWindow {
  fromUs: number;
  toUs: number;
}

/** The one .cpuprofile that a process wrote into `dir` (node --cpu-prof-dir). */
export function readProfileFrom(dir: string): CpuProfile {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length !== 1) {
    throw new Error(`expected one .cpuprofile in ${dir}, found ${files.length}`);
  }
  return JSON.parse(readFileSync(path.join(dir, files[0]!), 'utf8')) as CpuProfile;
}

/** The monotonic clock now, in the microseconds of a CPU profile. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Source maps of bundled files, read once each (null: none beside the file). */
const sourceMaps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    sourceMaps.set(
      file,
      existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null,
    );
  }
  return sourceMaps.get(file)!;
}

/** A source path as short as it can be read: from node_modules on, or from the repository. */
function shortPath(file: string, root: string): string {
  const modules = file.lastIndexOf('node_modules/');
  if (modules >= 0) return file.slice(modules + 'node_modules/'.length);
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? file : relative;
}

/** Where a call frame points, mapped to the original source when the file has a source map. */
function locate(frame: CallFrame, root: string): string {
  if (!frame.url) return '';
  const line = frame.lineNumber + 1;
  if (!frame.url.startsWith('file://')) return `${frame.url}:${line}`;
  const file = fileURLToPath(frame.url);
  const map = frame.lineNumber >= 0 ? sourceMapOf(file) : null;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry && 'originalSource' in entry && entry.originalSource) {
    const source = entry.originalSource.startsWith('file://')
      ? fileURLToPath(entry.originalSource)
      : path.resolve(path.dirname(file), entry.originalSource);
    const original = `${shortPath(source, root)}:${entry.originalLine + 1}`;
    // Some packages' own maps lose their name (drizzle-orm's sources read node_modules/src/…):
    // the bundle's line beside it says which one it is.
    return existsSync(source) ? original : `${original} (${shortPath(file, root)}:${line})`;
  }
  return `${shortPath(file, root)}:${line}`;
}

/**
 * The profile's top `limit` entries by self time (the samples where the entry was on top of the
 * stack), among the samples inside `window` (all when none is given).
 */
export function summariseProfile(
  profile: CpuProfile,
  options: { window?: ClockWindow; limit?: number; root: string },
): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const counts = new Map<string, { frame: CallFrame; samples: number }>();
  let at = profile.startTime;
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (options.window && (at < options.window.fromUs || at > options.window.toUs)) return;
    const frame = byId.get(id);
    if (!frame) return;
    total += 1;
    if (frame.functionName === '(idle)') idle += 1;
    const key = `${frame.functionName}\u0000${frame.url}\u0000${frame.lineNumber}`;
    const counted = counts.get(key) ?? { frame, samples: 0 };
    counted.samples += 1;
    counts.set(key, counted);
  });
  const areas = new Map<string, number>();
  for (const { frame, samples } of counts.values()) {
    const area = profileArea(frame.functionName, locate(frame, options.root));
    areas.set(area, (areas.get(area) ?? 0) + samples);
  }
  const top = [...counts.values()]
    .sort((a, b) => b.samples - a.samples)
    .slice(0, options.limit ?? 20)
    .map(({ frame, samples }) => ({
      functionName: frame.functionName || '(anonymous)',
      location: locate(frame, options.root),
      samples,
      percent: total ? (100 * samples) / total : 0,
    }));
  return {
    samples: total,
    idlePercent: total ? (100 * idle) / total : 0,
    top,
    areas: [...areas]
      .sort((a, b) => b[1] - a[1])
      .map(([area, samples]) => ({
        area,
        samples,
        percent: total ? (100 * samples) / total : 0,
      })),
  };
}
