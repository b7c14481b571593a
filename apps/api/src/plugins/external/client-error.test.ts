import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';

/** Sends raw bytes to the server and reads its raw answer until it closes the connection. */
function sendRaw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      // The server closes as soon as it has answered; a reset after the answer is no failure.
      if (chunks.length > 0) resolve(Buffer.concat(chunks).toString('latin1'));
      else reject(error);
    });
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.write(bytes);
  });
}

/** The status line, the headers (names in lower case) and the body of a raw answer. */
function parseAnswer(raw: string) {
  const [head, body = ''] = raw.split('\r\n\r\n', 2) as [string, string?];
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { statusLine, headers, body };
}

/** The security headers the app sets on its own answers (helmet), found by asking it. */
async function appSecurityHeaders(ctx: TestContext): Promise<string[]> {
  const res = await ctx.app.inject({ url: '/api/v1/no-such-route' });
  return Object.keys(res.headers).filter(
    (name) =>
      ![
        'content-type',
        'content-length',
        'date',
        'connection',
        'vary',
        'keep-alive',
        'access-control-allow-origin',
      ].includes(name) && !name.startsWith('x-ratelimit'),
  );
}

const MALFORMED_LINE = 'NOT AN HTTP REQUEST\r\n\r\n';
/** A header block over Node's limit (16 KiB). */
const HUGE_HEADERS = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;

describe.each([
  { publicUrl: 'https://wellspring.example', isHttps: true },
  { publicUrl: 'http://localhost:3000', isHttps: false },
])("Node's own answers to unreadable requests ($publicUrl)", ({ publicUrl, isHttps }) => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(() => ctx.close());

  it.each([
    ['a malformed request line', MALFORMED_LINE, '400 Bad Request', 'The request is malformed'],
    [
      'headers over the size limit',
      HUGE_HEADERS,
      '431 Request Header Fields Too Large',
      'The request headers are too large',
    ],
  ])('answer %s with the security headers and a tiny body', async (_name, bytes, status, text) => {
    const answer = parseAnswer(await sendRaw(port, bytes));
    expect(answer.statusLine).toBe(`HTTP/1.1 ${status}`);

    const expected = await appSecurityHeaders(ctx);
    expect(expected).toEqual(
      expect.arrayContaining(['x-content-type-options', 'content-security-policy']),
    );
    for (const name of expected) expect(answer.headers, name).toHaveProperty(name);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(answer.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect('strict-transport-security' in answer.headers).toBe(isHttps);
    expect(answer.headers['connection']).toBe('close');

    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body)).toEqual({
      status: 'fail',
      statusCode: Number(status.slice(0, 3)),
      code: 'BAD_REQUEST',
      message: text,
    });
  });

  it('keeps answering readable requests on new connections', async () => {
    await sendRaw(port, MALFORMED_LINE);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
