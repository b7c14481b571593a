import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';

/** The security headers of an answer, by name (helmet's and CORS's), in name order. */
function securityHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.entries(headers).filter(
    ([name]) =>
      /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|strict-transport-security|x-)/.test(
        name,
      ) &&
      !['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(
        name,
      ),
  );
  return Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b)));
}

const COMMON = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const csp = (origin: string, https: boolean) =>
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';" +
  `img-src 'self' ${origin} data:;font-src 'self';connect-src 'self';worker-src 'self';` +
  "manifest-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'" +
  (https ? ';upgrade-insecure-requests' : '');

/**
 * The headers of PRODUCT.md section 7, exactly, on every answer: the set is built once at start
 * (decision 053), so the second answer must carry the same as the first.
 */
describe.each([
  ['http', 'http://localhost:3000', false],
  ['https', 'https://wellspring.example', true],
])('security headers (%s PUBLIC_URL)', (_name, publicUrl, https) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
  });
  afterAll(() => ctx.close());

  it('are the policy, the same on every answer', async () => {
    const expected = {
      ...COMMON,
      'content-security-policy': csp(new URL(publicUrl).origin, https),
      ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    };
    for (const url of ['/api/health', '/api/health', '/api/v1/user?id=x', '/api/health']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(securityHeaders(res.headers), url).toEqual(expected);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});
