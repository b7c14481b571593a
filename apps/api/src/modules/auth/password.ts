import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id: a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** argon2id at OWASP's recommended floor: 19 MiB, two passes, one lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of nothing in particular, verified when the email is unknown so both cases take as long. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword('wellspring-decoy-password');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
