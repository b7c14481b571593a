// The embedded database (PGlite) on disk, made as durable as a PostgreSQL server with its default
// settings. Why each piece is here, with the figures:
// docs/decisions/015-embedded-database-durability.md.
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { databaseDir, moveToOwnFolder } from './data-layout';

/** Folders and files in DATA_DIR are the owner's only, like PostgreSQL's own data directory. */
const OWNER_ONLY_DIR = 0o700;
const OWNER_ONLY_FILE = 0o600;
const GROUP_OR_WORLD = 0o077;

/** Start-up lines of PostgreSQL worth passing on: a crash recovery, and any warning or worse. */
const NOTEWORTHY = /not properly shut down|redo (starts|done)|\b(WARNING|ERROR|FATAL|PANIC)\b/;

type NodeFsInit = NodeFS['init'];

/** The parts of Emscripten's NODEFS that set a file's mode on the host. */
interface NodeFsOps {
  node_ops?: Record<string, unknown>;
  stream_ops?: Record<string, unknown>;
}
type SetAttr = (target: unknown, attr: { mode?: number }) => unknown;
type MakeNode = (parent: unknown, name: string, mode: number, dev: unknown) => unknown;

/**
 * Makes NODEFS create and chmod every host file and folder without group or world access. The
 * process umask is not enough: Emscripten applies its own (022) and then chmods each new file to
 * the mode asked for, which for the cluster PGlite copies in is 0666.
 */
function keepModesOwnerOnly(nodefs: NodeFsOps): void {
  const { node_ops: nodeOps, stream_ops: streamOps } = nodefs;
  const mknod = nodeOps?.mknod as MakeNode | undefined;
  const setattr = nodeOps?.setattr as SetAttr | undefined;
  const fsetattr = streamOps?.setattr as SetAttr | undefined;
  if (!nodeOps || !streamOps || !mknod || !setattr || !fsetattr) {
    throw new Error('PGlite has no NODEFS mknod and setattr operations');
  }
  const ownerOnly = <T extends { mode?: number }>(attr: T): T =>
    attr.mode === undefined || attr.mode === null
      ? attr
      : { ...attr, mode: attr.mode & ~GROUP_OR_WORLD };
  nodeOps.mknod = ((parent, name, mode, dev) =>
    mknod(parent, name, mode & ~GROUP_OR_WORLD, dev)) satisfies MakeNode;
  nodeOps.setattr = ((node, attr) => setattr(node, ownerOnly(attr))) satisfies SetAttr;
  streamOps.setattr = ((stream, attr) => fsetattr(stream, ownerOnly(attr))) satisfies SetAttr;
}

/**
 * PGlite's Node filesystem with a real fsync, and owner-only modes. PGlite 0.5 starts PostgreSQL
 * with fsync off (`-F`), and even with it on nothing would reach the disk: Emscripten's NODEFS
 * writes through to the files (so a killed process loses nothing) but has no fsync operation, and
 * its fdatasync does nothing. This gives NODEFS an fsync that calls the host's, so PostgreSQL's own flushes (the
 * write-ahead log at every commit, the data files at a checkpoint) reach the disk. Every file and
 * folder it makes is the owner's only (0600, 0700), as PostgreSQL keeps its own.
 */
class SyncingNodeFS extends NodeFS {
  /** How many fsyncs reached the disk: the start-up self-check reads it. */
  syncs = 0;

  override async init(...args: Parameters<NodeFsInit>): ReturnType<NodeFsInit> {
    const result = await super.init(...args);
    const { emscriptenOpts } = result;
    emscriptenOpts.preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod) => {
        type Stream = { nfd?: number };
        const nodefs = (mod as unknown as { NODEFS?: { stream_ops?: Record<string, unknown> } })
          .NODEFS;
        if (!nodefs?.stream_ops) throw new Error('PGlite has no NODEFS stream operations');
        // Only regular files get a host descriptor (`nfd`); directories are left alone. A failed
        // fsync throws and fails the query: like PostgreSQL, which stops rather than trust a disk
        // that failed a flush.
        nodefs.stream_ops.fsync = (stream: Stream) => {
          if (typeof stream.nfd !== 'number') return 0;
          fsyncSync(stream.nfd);
          this.syncs += 1;
          return 0;
        };
        keepModesOwnerOnly(nodefs as NodeFsOps);
      },
    ];
    return result;
  }
}

/**
 * PGlite's start parameters with durability back on: fsync on, the WAL synced with fsync() (the
 * call that reaches the hook above) at every commit. PostgreSQL's default 128 MB of shared buffers
 * sit inside the WebAssembly memory of this one process, and are filled as pages are read: 16 MB
 * keeps the hot rows of a personal database and leaves the rest to the operating system's file
 * cache (idle memory of the server 402 to 272 MB). The rest stays as PGlite sets it.
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  ...['-c', 'fsync=on', '-c', 'wal_sync_method=fsync', '-c', 'synchronous_commit=on'],
  ...['-c', 'shared_buffers=16MB'],
];

/** Flushes a file or directory to the disk. */
function syncPath(target: string): void {
  const fd = openSync(target, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes every file of a directory tree: PGlite copies a new cluster in without flushing it. */
function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else if (entry.isFile()) syncPath(full);
  }
  syncPath(dir);
}

// ---------------------------------------------------------------------------------------------
// Owner only. The directory holds every email, password hash and (sealed) diary, in the data
// files and in the write-ahead log. PGlite as it comes leaves its files 0666 or 0644 and its
// folders 0755, so anyone on the machine could read them. PostgreSQL keeps its data directory
// 0700 and its files 0600: so do we (keepModesOwnerOnly above for what PGlite makes; the umask and
// tightenModes here for the rest, and for a directory an older version left open).

/**
 * Files and folders this process creates from now on get no group or world access (umask 077,
 * keeping any stricter bits already set). Process-wide: PGlite keeps creating files (new WAL
 * segments, new tables) as long as it runs.
 */
export function restrictNewFileModes(): void {
  process.umask(process.umask(GROUP_OR_WORLD) | GROUP_OR_WORLD);
}

/**
 * Takes group and world access off a directory tree: folders become 0700, files 0600. Symbolic
 * links are left alone (chmod would follow them out of the tree). Answers how many entries were
 * changed, and those it could not change (owned by another user).
 */
export function tightenModes(dir: string): { changed: number; failed: string[] } {
  const result = { changed: 0, failed: [] as string[] };
  const visit = (target: string) => {
    const stat = lstatSync(target);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(target)) visit(path.join(target, entry));
    }
    if ((stat.mode & GROUP_OR_WORLD) === 0) return;
    try {
      chmodSync(target, stat.isDirectory() ? OWNER_ONLY_DIR : OWNER_ONLY_FILE);
      result.changed += 1;
    } catch {
      result.failed.push(target);
    }
  };
  visit(dir);
  return result;
}

// ---------------------------------------------------------------------------------------------
// One process per data directory. Two PGlite instances on one directory (a second `npm start`,
// or `npm run db:migrate` while the server runs) silently lose acknowledged writes; PostgreSQL's
// own lock file cannot tell, since every PGlite instance has the same pid (42). So the directory
// gets a lock file of ours: pid and start time of the holder. One left by a process that died
// (a crash, kill -9) is taken over; the holder is alive only if that pid runs, and (on Linux)
// started at the same moment, so a pid reused after a reboot or in a new container is no holder.

const LOCK_FILE = 'wellspring.lock';
/** Directories this process has open: the pid check cannot see a second open of our own. */
const openHere = new Set<string>();

interface LockHolder {
  pid: number;
  started?: string;
}

/** A process's start time in clock ticks since boot (Linux), or undefined elsewhere. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the name in field 2 may hold spaces, so count from its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' ? (holder as LockHolder) : undefined;
  } catch {
    return undefined; // Gone, or written by a process killed mid-write: nobody holds it.
  }
}

function isRunning(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return false; // Ours, from a previous life with the same pid.
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // EPERM: runs, as another user.
  }
  const started = processStartTime(holder.pid);
  return !started || !holder.started || started === holder.started;
}

/** Locks a data directory for this process; answers the function that releases it. */
function lockDataDir(dataDir: string): () => void {
  const key = realpathSync(dataDir);
  if (openHere.has(key)) throw new Error(`DATA_DIR ${dataDir} is already open in this process`);
  const file = path.join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      openHere.add(key);
      return () => {
        openHere.delete(key);
        if (existsSync(file) && readFileSync(file, 'utf8') === mine) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && isRunning(holder)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by process ${holder.pid}: the embedded database takes one ` +
          `process at a time. Stop that process first (if it is not a Wellspring server, delete ` +
          `${file}).`,
      );
    }
    rmSync(file, { force: true }); // Left by a process that died.
  }
  throw new Error(`could not lock DATA_DIR ${dataDir} (${file} keeps coming back)`);
}

/**
 * The pid of the live process holding a data directory (a running server), or undefined: how
 * `npm run backup` knows to ask the server rather than open the directory itself.
 */
export function dataDirHolder(dataDir: string): number | undefined {
  const holder = readHolder(path.join(dataDir, LOCK_FILE));
  return holder && isRunning(holder) ? holder.pid : undefined;
}

// ---------------------------------------------------------------------------------------------

export interface EmbeddedDatabase {
  client: PGlite;
  close(): Promise<void>;
}

/**
 * Opens PGlite on a directory: owner-only (tightened if it was not, and told to `onNotice`),
 * locked to this process, fsync on, and a self-check that commits do reach the disk.
 * PostgreSQL's start-up messages, which PGlite hides, are kept: a recovery after an unclean stop
 * is told to `onNotice`, and a failure to open carries them.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  onNotice: (message: string) => void = (message) => console.warn(message),
  /** A data directory tarball (PGlite's dumpDataDir) to fill a new directory with: a restore. */
  loadDataDir?: Blob,
): Promise<EmbeddedDatabase> {
  restrictNewFileModes();
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
  const modes = tightenModes(dataDir);
  if (modes.changed > 0) {
    onNotice(
      `DATA_DIR ${dataDir}: ${modes.changed} files and folders were readable by other users; ` +
        `they are now the owner's only (folders 0700, files 0600).`,
    );
  }
  if (modes.failed.length > 0) {
    onNotice(
      `DATA_DIR ${dataDir}: ${modes.failed.length} files and folders belong to another user and ` +
        `stay readable by others, e.g. ${modes.failed[0]}. Give them to the server's user.`,
    );
  }
  const unlock = lockDataDir(dataDir);
  // PGlite's data directory is a folder of DATA_DIR, never DATA_DIR itself (decision 064).
  const pgdata = databaseDir(dataDir);
  try {
    if (moveToOwnFolder(dataDir)) {
      onNotice(`DATA_DIR ${dataDir}: the embedded database's files were moved into ${pgdata}.`);
    }
  } catch (error) {
    unlock();
    throw error;
  }
  const isNew = !existsSync(path.join(pgdata, 'PG_VERSION'));
  mkdirSync(pgdata, { recursive: true, mode: OWNER_ONLY_DIR });
  const fs = new SyncingNodeFS(pgdata);
  const startup: string[] = [];
  let starting = true;
  let client: PGlite;
  try {
    client = await PGlite.create({
      fs,
      startParams: DURABLE_START_PARAMS,
      ...(loadDataDir ? { loadDataDir } : {}),
      onStderr: (text) => {
        // Kept without the time stamp and pid: "LOG:  redo starts at 0/1731208".
        if (starting && NOTEWORTHY.test(text))
          startup.push(text.replace(/^.*?\[\d+\]\s*/, '').trim());
        return true; // PGlite prints nothing by default either.
      },
    });
  } catch (error) {
    unlock();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The embedded database in ${dataDir} could not be opened: ${message}` +
        (startup.length > 0 ? `\nPostgreSQL said:\n  ${startup.join('\n  ')}` : ''),
      { cause: error },
    );
  }
  starting = false;

  try {
    if (isNew) syncTree(pgdata);
    // A commit must reach the disk through the hook; a PGlite upgrade that changes its internals
    // stops the start here rather than running without durability.
    const before = fs.syncs;
    const { rows } = await client.query<{ fsync: string }>('show fsync');
    // A transaction that writes a WAL record (a message, no table) and commits.
    await client.query(`select pg_logical_emit_message(true, 'wellspring', 'durability check')`);
    if (rows[0]?.fsync !== 'on' || fs.syncs === before) {
      throw new Error(
        'The embedded database does not flush its commits to the disk with this version of ' +
          'PGlite; see docs/decisions/015-embedded-database-durability.md.',
      );
    }
  } catch (error) {
    await client.close().catch(() => {});
    unlock();
    throw error;
  }

  if (startup.some((line) => /not properly shut down/.test(line))) {
    onNotice(
      `The embedded database in ${dataDir} was not shut down cleanly; PostgreSQL replayed its ` +
        `write-ahead log: ${startup.filter((l) => /redo (starts|done)/.test(l)).join('; ')}`,
    );
  }
  return {
    client,
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
