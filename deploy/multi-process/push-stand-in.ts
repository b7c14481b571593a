/**
 * A stand-in for a browser vendor's push service, for the deploy check's reminder: an HTTPS server
 * on loopback with a throwaway self-signed certificate (P-256, made with openssl in a temporary
 * folder) that records every request it gets and answers 201, as a push service does. The API
 * processes trust it through NODE_EXTRA_CA_CERTS=<its certificate>, so TLS is checked as in
 * production. Production calls no push service on loopback, so the check runs its processes with
 * PUSH_ALLOW_LOOPBACK outside production (decision 063). Also the keys the check needs: a device's
 * P-256 p256dh and 16-byte auth secret, and the VAPID pair both processes share.
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onCleanup } from '../../scripts/lib/processes.mjs';

export interface ReceivedPush {
  method: string;
  path: string;
  /** performance.now() when it arrived. */
  at: number;
  /** The same, on the wall clock (compared with pg-boss's job times in PostgreSQL). */
  arrivedAt: Date;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

/** A browser's side of a subscription, as `PushSubscription.toJSON()` gives it. */
export interface StandInDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushStandIn {
  /** https://127.0.0.1:<port> */
  url: string;
  /** The certificate (PEM) to give the API processes as NODE_EXTRA_CA_CERTS. */
  certFile: string;
  received: ReceivedPush[];
  /** A new device whose endpoint is on this server. */
  device(name: string): StandInDevice;
  close(): Promise<void>;
}

/** A P-256 key pair as Web Push wants it: the public point uncompressed (65 bytes), the private 32. */
function p256KeyPair(): { publicKey: Buffer; privateKey: Buffer } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // getPrivateKey() drops leading zero bytes; the API wants exactly 32.
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { publicKey: ecdh.getPublicKey(), privateKey };
}

/** The VAPID pair every API process of a deployment shares (subscriptions are bound to it). */
export function makeVapidKeys(): { publicKey: string; privateKey: string } {
  const pair = p256KeyPair();
  return {
    publicKey: pair.publicKey.toString('base64url'),
    privateKey: pair.privateKey.toString('base64url'),
  };
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const folder = await mkdtemp(path.join(tmpdir(), 'wellspring-push-'));
  onCleanup(() => rm(folder, { recursive: true, force: true }));
  const certFile = path.join(folder, 'cert.pem');
  const keyFile = path.join(folder, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const received: ReceivedPush[] = [];
  const server: Server = createServer(
    { cert: await readFile(certFile), key: await readFile(keyFile) },
    (req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          path: req.url ?? '/',
          at: performance.now(),
          arrivedAt: new Date(),
          headers: req.headers,
          bytes,
        });
        res.statusCode = 201;
        res.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let isClosed = false;
  const close = () =>
    new Promise<void>((resolve) => {
      if (isClosed) return resolve();
      isClosed = true;
      server.closeAllConnections();
      server.close(() => resolve());
    });
  onCleanup(close);
  return {
    url,
    certFile,
    received,
    device(name) {
      const pair = p256KeyPair();
      return {
        endpoint: `${url}/push/${name}`,
        keys: {
          p256dh: pair.publicKey.toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      };
    },
    close,
  };
}
