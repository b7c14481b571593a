import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../config/env';
import { generateKeySpec, parseDataKeys } from '../lib/crypto/content-cipher';
import { loadDataKeys } from '../lib/crypto/load-keys';
import {
  DiaryVault,
  resealCheckInNotes,
  resealDiaries,
  verifyDataKeys,
} from '../modules/diary/diary-vault';
import { openDatabase } from './client';
import { prepareDatabase } from './migrate';

/**
 * `npm run rotate-key`: re-seals every diary entry and check-in note under the current (first) data key, in batches.
 * With DATA_ENCRYPTION_KEY: put the new key first ("2:<new>,1:<old>"), run this, then drop the old.
 * With the embedded key file: `npm run rotate-key -- --generate` adds a new key version to it first.
 * A key missing for stored entries stops it before anything changes.
 */
async function main() {
  const env = loadEnv();
  if (process.argv.includes('--generate')) {
    if (env.DATA_ENCRYPTION_KEY || env.DATABASE_URL) {
      throw new Error(
        '--generate works on the embedded key file; with DATA_ENCRYPTION_KEY, add the new key there',
      );
    }
    const file = path.join(env.DATA_DIR, 'encryption.key');
    if (!existsSync(file)) throw new Error(`No key file at ${file}: start the server once first`);
    const current = readFileSync(file, 'utf8').trim();
    const next = Math.max(...parseDataKeys(current).map((k) => k.version)) + 1;
    const temp = `${file}.new`;
    writeFileSync(temp, `${generateKeySpec(next)},${current}\n`, { mode: 0o600 });
    renameSync(temp, file);
    console.info(`added data key version ${next} to ${file}`);
  }
  const cipher = loadDataKeys(env);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: 2,
  });
  try {
    await prepareDatabase(database);
    await verifyDataKeys(database.db, cipher);
    const vault = new DiaryVault(cipher);
    const resealed = await resealDiaries(database.db, vault, {
      onProgress: (done) => console.info(`re-sealed ${done} entries…`),
    });
    const notes = await resealCheckInNotes(database.db, vault, (done) =>
      console.info(`re-sealed ${done} check-in notes…`),
    );
    console.info(
      `done: ${resealed} diary entries and ${notes} check-in notes now sealed with data key ` +
        `version ${cipher.current.version}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
