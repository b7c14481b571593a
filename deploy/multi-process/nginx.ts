/**
 * nginx for the deploy check: its own prefix and configuration in a temporary folder (the
 * repository's upstream and proxy snippets, ports rewritten), `nginx -t` of the production site
 * configuration, and a summary of what it logged about the upstreams.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  onCleanup,
  ROOT,
  spawnProcess,
  waitUntilHealthy,
  type Child,
} from '../../scripts/lib/processes.mjs';

const isRoot = () => process.getuid?.() === 0;

/** The uid and gid of `nobody`, which nginx's workers run as when the master runs as root. */
function nobodyIds(): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface Nginx {
  child: Child;
  prefix: string;
  stop(): Promise<void>;
}

/** The children of a process, from /proc (nginx's workers, to be sure none is left behind). */
function childPids(pid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

function writeNginxConf(prefix: string, port: number, apiPorts: [number, number]) {
  const source = path.join(ROOT, 'deploy', 'nginx');
  const upstream = readFileSync(path.join(source, 'wellspring-upstream.conf'), 'utf8')
    .replaceAll('127.0.0.1:3001', `127.0.0.1:${apiPorts[0]}`)
    .replaceAll('127.0.0.1:3002', `127.0.0.1:${apiPorts[1]}`);
  const conf = path.join(prefix, 'conf');
  writeFileSync(path.join(conf, 'wellspring-upstream.conf'), upstream);
  writeFileSync(
    path.join(conf, 'wellspring-proxy.conf'),
    readFileSync(path.join(source, 'wellspring-proxy.conf'), 'utf8'),
  );
  const tmp = path.join(prefix, 'tmp');
  writeFileSync(
    path.join(conf, 'nginx.conf'),
    `# Written by deploy/multi-process.ts for one check run; everything stays under ${prefix}.
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log ${prefix}/logs/access.log;
    client_body_temp_path ${tmp}/body;
    proxy_temp_path ${tmp}/proxy;
    fastcgi_temp_path ${tmp}/fastcgi;
    uwsgi_temp_path ${tmp}/uwsgi;
    scgi_temp_path ${tmp}/scgi;
    include ${conf}/wellspring-upstream.conf;
    server {
        listen 127.0.0.1:${port};
        location / {
            include ${conf}/wellspring-proxy.conf;
        }
    }
}
`,
  );
  return path.join(conf, 'nginx.conf');
}

export async function startNginx(
  nginxBin: string,
  apiPorts: [number, number],
  port: number,
): Promise<Nginx> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'wellspring-nginx-'));
  onCleanup(() => rm(prefix, { recursive: true, force: true }));
  for (const dir of ['conf', 'logs', 'tmp']) mkdirSync(path.join(prefix, dir));
  chmodSync(prefix, 0o755);
  const nobody = isRoot() ? nobodyIds() : undefined;
  if (nobody) chownSync(path.join(prefix, 'tmp'), nobody.uid, nobody.gid);
  const confFile = writeNginxConf(prefix, port, apiPorts);
  const args = ['-p', prefix, '-c', confFile, '-e', `${prefix}/logs/error.log`];
  execFileSync(nginxBin, [...args, '-t', '-q'], { stdio: 'inherit' });
  // In the foreground (daemon off), so that it is this script's child; SIGTERM if cut short,
  // so that its master takes its workers down with it.
  const child = spawnProcess(nginxBin, [...args, '-g', 'daemon off;'], port, {}, 'SIGTERM');
  let workers: number[] = [];
  const stop = async () => {
    workers = [...new Set([...workers, ...childPids(child.pid)])];
    await child.stop('SIGQUIT', 5_000);
    for (const pid of workers) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'nginx')
          process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone, as it should be.
      }
    }
  };
  onCleanup(stop);
  await waitUntilHealthy(child, `${child.baseUrl}/api/ready`, 15_000);
  workers = childPids(child.pid);
  return { child, prefix, stop };
}

/** `nginx -t` on the production site configuration, with a throwaway self-signed certificate. */
export async function validateSiteConf(nginxBin: string): Promise<{ ok: boolean; detail: string }> {
  if (!existsSync('/usr/bin/openssl'))
    return { ok: true, detail: 'skipped: no openssl to make a test certificate' };
  const prefix = await mkdtemp(path.join(tmpdir(), 'wellspring-nginx-site-'));
  try {
    const confD = path.join(prefix, 'conf', 'conf.d');
    mkdirSync(confD, { recursive: true });
    const cert = path.join(prefix, 'cert.pem');
    const key = path.join(prefix, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=wellspring.example.org',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    const source = path.join(ROOT, 'deploy', 'nginx');
    for (const file of ['wellspring-upstream.conf', 'wellspring-proxy.conf']) {
      writeFileSync(path.join(confD, file), readFileSync(path.join(source, file), 'utf8'));
    }
    const site = readFileSync(path.join(source, 'wellspring.conf'), 'utf8')
      .replace(/\/etc\/letsencrypt\/live\/wellspring\.example\.org\/fullchain\.pem/, cert)
      .replace(/\/etc\/letsencrypt\/live\/wellspring\.example\.org\/privkey\.pem/, key);
    writeFileSync(path.join(confD, 'wellspring.conf'), site);
    writeFileSync(
      path.join(prefix, 'conf', 'nginx.conf'),
      `pid ${prefix}/nginx.pid;\nevents {}\nhttp {\n    include conf.d/wellspring.conf;\n}\n`,
    );
    const result = spawnSync(
      nginxBin,
      [
        '-t',
        '-p',
        prefix,
        '-c',
        path.join(prefix, 'conf', 'nginx.conf'),
        '-e',
        path.join(prefix, 'error.log'),
      ],
      { encoding: 'utf8' },
    );
    const output = `${result.stdout}${result.stderr}`.trim().split('\n').slice(-2).join(' / ');
    return { ok: result.status === 0, detail: output };
  } finally {
    await rm(prefix, { recursive: true, force: true });
  }
}

/** What nginx logged about the upstreams, grouped: each kind of message once, with its count. */
export function summarizeNginxLog(prefix: string) {
  const file = path.join(prefix, 'logs', 'error.log');
  if (!existsSync(file)) return;
  const counts = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /\[(\w+)\] \d+#\d+: \*?\d* ?(.*?)(, client: .*)?$/.exec(line);
    if (!match) continue;
    const message = `${match[1]}: ${match[2]!.replace(/127\.0\.0\.1:\d+/g, 'upstream')}`.replace(
      /"[^"]*"/g,
      '"…"',
    );
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  if (counts.size === 0) return;
  console.info('  nginx error log:');
  for (const [message, n] of [...counts].sort((x, y) => y[1] - x[1]).slice(0, 12)) {
    console.info(`    ${String(n).padStart(5)}× ${message}`);
  }
}
