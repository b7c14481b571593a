import type { Env } from '../../config/env';
import { ContentCipher, loadOrCreateKeyFile, parseDataKeys } from './content-cipher';

/**
 * The data keys: DATA_ENCRYPTION_KEY when set; for the embedded database without it, a key made at
 * first start and kept in DATA_DIR (owner-only). A PostgreSQL deployment must set the variable.
 */
export function loadDataKeys(
  env: Pick<Env, 'DATA_ENCRYPTION_KEY' | 'DATABASE_URL' | 'DATA_DIR'>,
): ContentCipher {
  if (env.DATA_ENCRYPTION_KEY) return new ContentCipher(parseDataKeys(env.DATA_ENCRYPTION_KEY));
  if (env.DATABASE_URL) {
    throw new Error(
      'DATA_ENCRYPTION_KEY is required with DATABASE_URL: 32 random bytes in base64, e.g. ' +
        "`node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"`",
    );
  }
  return new ContentCipher(parseDataKeys(loadOrCreateKeyFile(env.DATA_DIR)));
}
