import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Env } from '../../config/env';
import { writeOwnerOnlyFile } from './content-cipher';

/** The server's VAPID identity for Web Push (RFC 8292). */
export interface VapidKeys {
  /** base64url of the uncompressed P-256 point; browsers subscribe with it. */
  publicKey: string;
  /** base64url of the private scalar; it signs each push request's JWT. */
  privateKey: string;
  /** Who the push service may contact: mailto: or https:. */
  subject: string;
}

export const VAPID_KEY_FILE = 'vapid.json';

function checkKeys(publicKey: string, privateKey: string): void {
  if (Buffer.from(publicKey, 'base64url').length !== 65) {
    throw new Error('VAPID_PUBLIC_KEY must be 65 bytes in base64url (an uncompressed P-256 point)');
  }
  if (Buffer.from(privateKey, 'base64url').length !== 32) {
    throw new Error('VAPID_PRIVATE_KEY must be 32 bytes in base64url');
  }
}

/** mailto: the address of MAIL_FROM when no subject is set (push services want a contact). */
function defaultSubject(env: Pick<Env, 'MAIL_FROM' | 'PUBLIC_URL'>): string {
  if (env.PUBLIC_URL.startsWith('https://')) return env.PUBLIC_URL;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
  return `mailto:${address}`;
}

/**
 * The VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise a pair made at first
 * start and kept in DATA_DIR/vapid.json (owner-only), like the embedded encryption key. Every
 * process of one deployment must use the same pair: subscriptions are bound to the public key.
 */
export function loadVapidKeys(
  env: Pick<
    Env,
    | 'VAPID_PUBLIC_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'VAPID_SUBJECT'
    | 'DATA_DIR'
    | 'MAIL_FROM'
    | 'PUBLIC_URL'
  >,
): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? defaultSubject(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    checkKeys(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY);
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(env.DATA_DIR, VAPID_KEY_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      publicKey: string;
      privateKey: string;
    };
    checkKeys(stored.publicKey, stored.privateKey);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const made = webpush.generateVAPIDKeys();
  writeOwnerOnlyFile(
    env.DATA_DIR,
    file,
    `${JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey })}\n`,
  );
  return { publicKey: made.publicKey, privateKey: made.privateKey, subject };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The VAPID keys Web Push requests are signed with (decision 041). */
    vapid: VapidKeys;
  }
}
