import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentServerUrl } from '../src/plugins/external/docs';
import { OPERATION_IDS } from '../src/plugins/external/operations';
import { call, useTestApp } from './app';

/*
 * The published OpenAPI document is one a client generator can use as it is (decision 030): every
 * operation named, its security stated and true, a success and a client error documented, a
 * server to call. `npm run lint:openapi` runs Redocly's recommended rules on the same document.
 */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface Document {
  servers?: { url: string }[];
  info: { license?: { name: string; url?: string } };
  paths: Record<string, Record<string, Operation>>;
}

const PUBLIC_URL = 'https://wellspring.example.org';

describe('the published OpenAPI document', () => {
  const ctx = useTestApp({ env: { PUBLIC_URL } });
  let doc: Document;
  beforeAll(async () => {
    const res = await call(ctx.app, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
  const schemaOf = (method: string, path: string, status = '200') =>
    doc.paths[path]![method]!.responses[status]!.content!['application/json']!.schema;

  it('names every operation with its own operationId, from one table', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(Object.values(OPERATION_IDS).sort());
  });

  it('states the security of every operation, and it is true: [] answers without a token, bearer answers 401 without one', async () => {
    const seen = { public: [] as string[], bearer: 0 };
    for (const { method, path, op } of operations()) {
      expect(op.security, `${method} ${path} states its security`).toBeDefined();
      const url = path.replace(/\{\w+\}/g, randomUUID());
      const res = await call(ctx.app, method, url);
      if (op.security!.length === 0) {
        seen.public.push(`${method} ${path}`);
        expect(res.statusCode, `${method} ${path} is public`).not.toBe(401);
      } else {
        seen.bearer += 1;
        expect(op.security, `${method} ${path}`).toEqual([{ bearer: [] }]);
        expect(res.statusCode, `${method} ${path} needs the token`).toBe(401);
      }
    }
    // SPEC.md section 6: all calls but the sign-in exchange and the full background list send a
    // bearer token; the other public ones are ours (health, readiness, the other ways in).
    expect(seen.public).toEqual(
      expect.arrayContaining(['GET /api/v1/auth/google', 'GET /api/v1/background']),
    );
    expect(seen.public.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/ready',
        'GET /api/v1/auth/google',
        'GET /api/v1/auth/google/start',
        'GET /api/v1/auth/providers',
        'GET /api/v1/background',
        'POST /api/v1/auth/forgot-password',
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/register',
        'POST /api/v1/auth/reset-password',
        'POST /api/v1/auth/verify-email',
        // A clinician's link (decision 084): its token, in the body, is its only authority.
        'POST /api/v1/shared-reports/csv',
        'POST /api/v1/shared-reports/open',
        'POST /api/v1/shared-reports/pdf',
      ].sort(),
    );
    expect(seen.bearer).toBeGreaterThan(25);
  });

  it('documents a success and a client error of every operation', () => {
    for (const { method, path, op } of operations()) {
      const codes = Object.keys(op.responses);
      // Starting the Google sign-in only ever redirects.
      const success = path === '/api/v1/auth/google/start' ? /^3\d\d$/ : /^2\d\d$/;
      expect(
        codes.some((c) => success.test(c)),
        `${method} ${path}: ${codes}`,
      ).toBe(true);
      expect(
        codes.some((c) => /^4\d\d$/.test(c)),
        `${method} ${path}: ${codes}`,
      ).toBe(true);
    }
  });

  it('names the server to call: PUBLIC_URL, or the document’s own server for a localhost one', () => {
    expect(doc.servers).toEqual([{ url: PUBLIC_URL, description: expect.any(String) }]);
    expect(documentServerUrl('http://localhost:3000')).toBe('/');
    expect(documentServerUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(doc.info.license).toEqual({
      name: 'Wellspring Terms of Use',
      url: `${PUBLIC_URL}/terms`,
    });
  });

  it('says GET /goal answers data: null for a user who never had a goal', () => {
    const data = (
      schemaOf('get', '/api/v1/goal').properties as Record<string, Record<string, unknown>>
    ).data!;
    expect(data.nullable).toBe(true);
    expect(data.description).toMatch(/null for a user who has never had a goal/);
  });

  it('documents history and diary dates as local calendar dates, YYYY-MM-DD, with an example', () => {
    // Walked as plain JSON: the test reads the document, not our types.
    const history = JSON.parse(JSON.stringify(schemaOf('get', '/api/v1/history')));
    const diary = JSON.parse(JSON.stringify(schemaOf('get', '/api/v1/diary')));
    const row = history.properties.data.anyOf.find(
      (s: { type: string }) => s.type === 'array',
    ).items;
    const entry = diary.properties.data.items;
    for (const date of [row.properties.date, entry.properties.date]) {
      expect(date).toMatchObject({ type: 'string', format: 'date', example: '2026-03-10' });
      expect(date.description).toMatch(/local calendar date, YYYY-MM-DD: the user's own day/);
    }
  });
});
