import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for a browser vendor's push service (the push service is outside the product). It
 * records what arrives and can decrypt it with the keys of the test's own "browsers".
 */

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's side of a subscription: its ECDH key pair and auth secret (RFC 8291). */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
}

export interface TestPushService {
  url: string;
  received: ReceivedPush[];
  /** The status a path answers (201 unless set). */
  answer(path: string, status: number): void;
  /** A new device whose endpoint is on this service. */
  device(name?: string): TestDevice;
  receivedBy(device: TestDevice): ReceivedPush[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let count = 0;
  return {
    url,
    received,
    answer: (path, status) => answers.set(path, status),
    device(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        endpoint: `${url}/push/${name ?? `device-${(count += 1)}`}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
        ecdh,
        authSecret,
      };
    },
    receivedBy: (device) => received.filter((r) => `${url}${r.path}` === device.endpoint),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Checks the VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<public key>`): an ES256 JWT
 * signed by the given public key, for the endpoint's origin, not expired. Answers its claims.
 */
export function verifyVapid(
  push: ReceivedPush,
  endpoint: string,
  publicKey: string,
): { aud: string; exp: number; sub: string } {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('the k= key is not the server’s VAPID public key');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID JWT signature does not verify');
  const headFields = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (headFields.alg !== 'ES256') throw new Error(`JWT alg ${headFields.alg}, not ES256`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (body.aud !== new URL(endpoint).origin) throw new Error(`aud ${body.aud} is not the origin`);
  const nowSeconds = Date.now() / 1000;
  if (!(body.exp > nowSeconds && body.exp <= nowSeconds + 24 * 3600)) {
    throw new Error('the JWT is expired or lives longer than 24 hours');
  }
  return body;
}

/** Decrypts an aes128gcm Web Push body (RFC 8188 and 8291) with the device's keys. */
export function decryptPush(push: ReceivedPush, device: TestDevice): string {
  if (push.headers['content-encoding'] !== 'aes128gcm') {
    throw new Error(`Content-Encoding ${String(push.headers['content-encoding'])}`);
  }
  const body = push.body;
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    serverPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
