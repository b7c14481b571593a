// Makes sure the local PostgreSQL the suite needs is up; starts it if it is down, or says why not.
import { execSync } from 'node:child_process';
import pg from 'pg';

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
