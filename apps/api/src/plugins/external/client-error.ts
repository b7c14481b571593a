import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'node:net';

/** What Node's HTTP parser refused, as the status the answer carries. */
const ANSWERS: Record<string, { statusCode: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    statusCode: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    statusCode: 408,
    reason: 'Request Timeout',
    message: 'The request took too long to arrive',
  },
};
const MALFORMED = { statusCode: 400, reason: 'Bad Request', message: 'The request is malformed' };

/**
 * The security headers of the app's own answers (plugins/external/security.ts), for a body that
 * loads nothing: Content-Security-Policy allows nothing at all.
 */
export function clientErrorHeaders(isHttps: boolean): Record<string, string> {
  return {
    'Content-Security-Policy':
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'no-referrer',
    ...(isHttps ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
    'Cache-Control': 'no-store',
  };
}

/**
 * Fastify's `clientErrorHandler`: the answer to a request Node's HTTP parser could not read (a
 * malformed request line, headers over the size limit, a request that never finished arriving).
 * Fastify never sees such a request, so its hooks (helmet's headers among them) do not run: this
 * writes the answer to the socket itself, with the same security headers and the error envelope,
 * and closes the connection. What the client sent is never logged (it may hold a token).
 */
export function createClientErrorHandler(options: {
  isHttps: boolean;
  log: Pick<FastifyBaseLogger, 'debug'>;
}) {
  const headers = Object.entries(clientErrorHeaders(options.isHttps))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // A connection reset or already closed: there is nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const answer = ANSWERS[error.code ?? ''] ?? MALFORMED;
    options.log.debug({ code: error.code, statusCode: answer.statusCode }, 'unreadable request');
    // As Node does: no answer when one has begun on this connection already.
    const inProgress = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })
      ._httpMessage;
    if (socket.writable && !inProgress?.headersSent) {
      const body = JSON.stringify({
        status: 'fail',
        statusCode: answer.statusCode,
        code: 'BAD_REQUEST',
        message: answer.message,
      });
      socket.write(
        `HTTP/1.1 ${answer.statusCode} ${answer.reason}\r\n` +
          headers +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          'Connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy(error);
  };
}
