// Makes sure the local PostgreSQL the suite needs is up; starts it if it is down, or says why not.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { canConnect, ensurePostgres, LOCAL_POSTGRES_URL } from './lib/databases.mjs';
import { carryOut, machineFacts, planSystemPackage } from './lib/system-packages.mjs';

const url = process.env.TEST_POSTGRES_URL ?? LOCAL_POSTGRES_URL;

/** The newest cluster version under /etc/postgresql, or undefined when none is installed. */
function clusterVersion() {
  if (!existsSync('/etc/postgresql')) return undefined;
  return readdirSync('/etc/postgresql')
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
}

// No local server at all, and the default address asked for: install Debian's PostgreSQL (as root
// with apt-get) and let the local superuser in over loopback, as the suite's URL expects.
if (!process.env.TEST_POSTGRES_URL && !clusterVersion() && !(await canConnect(url))) {
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

try {
  await ensurePostgres(url);
} catch {
  console.error(
    `The PostgreSQL suite needs a server at ${url} (set TEST_POSTGRES_URL to use another) and cannot reach it.`,
  );
  process.exit(1);
}
console.info(`PostgreSQL is answering at ${url}`);
