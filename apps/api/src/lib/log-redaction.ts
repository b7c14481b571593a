/**
 * The query parameters whose values may be logged: the ones the API's routes read (their
 * `querystring` schemas), none of them a secret. Any other parameter, whatever a client or a
 * new route puts there (`access_token`, `code`, `token`…), is logged with its value replaced.
 */
export const LOGGED_QUERY_KEYS: ReadonlySet<string> = new Set([
  'id',
  'page',
  'size',
  'status',
  'date',
  'fields',
  'mood',
  'taskId',
  'userId',
  'startDate',
  'endDate',
  'timeZone',
]);

const REDACTED = '[redacted]';
/** A parameter name shown as it is: short and plain. A long or odd one may be a secret itself. */
const PLAIN_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/;

function decodeQueryPart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/**
 * A URL safe to log: the path, the allow-listed query parameters as they were sent, and every
 * other parameter with its value replaced (its name too, unless short and plain).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url.slice(q + 1);
  if (query === '') return url;
  const parts = query.split('&').map((part) => {
    if (part === '') return part;
    const eq = part.indexOf('=');
    const key = decodeQueryPart(eq === -1 ? part : part.slice(0, eq));
    if (LOGGED_QUERY_KEYS.has(key)) return part;
    return `${PLAIN_KEY.test(key) ? key : REDACTED}=${REDACTED}`;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
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
