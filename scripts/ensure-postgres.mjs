// Makes sure the local PostgreSQL the suite needs is up; starts it if it is down, or says why not.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { carryOut, machineFacts, planSystemPackage } from './lib/system-packages.mjs';

const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function canConnect() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The newest cluster version under /etc/postgresql, or undefined when none is installed. */
function clusterVersion() {
  if (!existsSync('/etc/postgresql')) return undefined;
  return readdirSync('/etc/postgresql')
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
}

// No local server at all, and the default address asked for: install Debian's PostgreSQL (as root
// with apt-get) and let the local superuser in over loopback, as the suite's URL expects.
if (!process.env.TEST_POSTGRES_URL && !clusterVersion() && !(await canConnect())) {
  const installed = carryOut(
    planSystemPackage({
      present: false,
      ...machineFacts(),
      aptPackages: ['postgresql'],
      what: 'PostgreSQL (for the API suite on PostgreSQL)',
    }),
  );
  const version = clusterVersion();
  if (installed && version) {
    const hba = `/etc/postgresql/${version}/main/pg_hba.conf`;
    execSync(
      `sed -i '1i host all postgres 127.0.0.1/32 trust' ${hba} && pg_ctlcluster --skip-systemctl-redirect ${version} main restart`,
      { stdio: 'inherit', shell: '/bin/bash' },
    );
    console.info(`Installed PostgreSQL ${version}; ${hba} trusts the postgres user on 127.0.0.1.`);
  }
}

if (!(await canConnect())) {
  console.info(`PostgreSQL is not answering at ${url}; trying to start the local cluster…`);
  try {
    execSync(
      'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql | sort -V | tail -n 1) main start',
      { stdio: 'inherit', shell: '/bin/bash' },
    );
  } catch {
    // Reported below.
  }
  if (!(await canConnect())) {
    console.error(
      `The PostgreSQL suite needs a server at ${url} (set TEST_POSTGRES_URL to use another) and cannot reach it.`,
    );
    process.exit(1);
  }
}
console.info(`PostgreSQL is answering at ${url}`);
