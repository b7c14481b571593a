const SENSITIVE_QUERY_KEYS = new Set(['credential', 'code', 'state', 'token', 'nonce', 'id_token']);

/** A URL safe to log: the values of sensitive query parameters are replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SENSITIVE_QUERY_KEYS.has(key.toLowerCase())) params.set(key, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** pino paths that never reach a log line. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'body',
  'req.body',
  '*.password',
  '*.confirmPassword',
  '*.token',
  '*.content',
  '*.credential',
];
