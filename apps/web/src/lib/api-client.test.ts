import { ERROR_STATUS } from '@wellspring/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, failure, json, mockApi, success } from '@/test/test-utils';
import {
  api,
  ApiError,
  buildApiUrl,
  hasErrorCode,
  isClientError,
  NETWORK_ERROR_MESSAGE,
  sendsBearer,
  toApiError,
} from './api-client';
import { writeStoredSession } from './auth-storage';

afterEach(() => vi.unstubAllGlobals());

describe('buildApiUrl', () => {
  it('puts the /api base and the /v1 prefix before the path', () => {
    expect(buildApiUrl('/user')).toBe('/api/v1/user');
  });

  it('keeps empty strings and drops undefined and null parameters', () => {
    expect(buildApiUrl('/task', { id: 'u1', page: 1, status: '', date: undefined, x: null })).toBe(
      '/api/v1/task?id=u1&page=1&status=',
    );
  });
});

describe('sendsBearer', () => {
  it('leaves the token off the sign-in exchange and the full background list', () => {
    expect(sendsBearer('GET', '/auth/google')).toBe(false);
    expect(sendsBearer('GET', '/auth/google?credential=abc')).toBe(false);
    expect(sendsBearer('GET', '/background')).toBe(false);
    expect(sendsBearer('GET', '/background/user/u1')).toBe(true);
    expect(sendsBearer('PATCH', '/background/user')).toBe(true);
    expect(sendsBearer('GET', '/user')).toBe(true);
    expect(sendsBearer('POST', '/auth/logout')).toBe(true);
  });

  it('leaves it off the clinician’s page, which holds only the link’s token (decision 084)', () => {
    expect(sendsBearer('POST', '/shared-reports/open')).toBe(false);
    expect(sendsBearer('POST', '/shared-reports/pdf')).toBe(false);
    expect(sendsBearer('POST', '/shared-reports/csv')).toBe(false);
    expect(sendsBearer('POST', '/reports/pdf')).toBe(true);
  });
});

describe('apiRequest', () => {
  it('answers the success body and sends the stored token as a bearer', async () => {
    const user = buildUser();
    writeStoredSession('secret-token', user.id);
    const { calls } = mockApi({ 'GET /user': () => user });
    await expect(api.get('/user', { query: { id: user.id } })).resolves.toEqual({
      status: 'success',
      data: user,
    });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(calls[0]!.url.search).toBe(`?id=${user.id}`);
  });

  it('sends no bearer on GET /auth/google and GET /background, even with a token', async () => {
    writeStoredSession('secret-token', 'u1');
    const signedIn = { status: 'success', token: 't', userData: buildUser() };
    const { calls } = mockApi({
      'GET /auth/google': () => json(200, signedIn),
      'GET /background': () => [],
    });
    await api.get('/auth/google', { query: { credential: 'code', state: 's' } });
    await api.get('/background');
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual([null, null]);
  });

  it('sends no Authorization header without a token', async () => {
    const signedIn = { status: 'success', token: 't', userData: buildUser() };
    const { calls } = mockApi({ 'POST /auth/login': () => json(200, signedIn) });
    await api.post('/auth/login', { email: 'a@b.c', password: 'x' });
    expect(calls[0]!.headers.get('Authorization')).toBeNull();
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.body).toEqual({ email: 'a@b.c', password: 'x' });
  });

  it('parses the error envelope into a typed ApiError', async () => {
    mockApi({
      'POST /auth/login': () =>
        json(400, {
          status: 'fail',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Invalid body.email: Enter a valid email address',
          requestId: 'r-9',
          issues: [{ path: 'body.email', message: 'Enter a valid email address' }],
        }),
    });
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      message: 'Invalid body.email: Enter a valid email address',
      requestId: 'r-9',
      issues: [{ path: 'body.email', message: 'Enter a valid email address' }],
    });
    expect(isClientError(error)).toBe(true);
  });

  it('turns an answer without an envelope into an ApiError with the status', async () => {
    mockApi({ 'GET /user': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await api.get('/user').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'HTTP_ERROR', statusCode: 502 });
    expect(isClientError(error)).toBe(false);
  });

  it("turns a network failure into an error whose message contains 'Network Error'", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await api.get('/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toContain(NETWORK_ERROR_MESSAGE);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', statusCode: 0 });
  });

  it('lets a cancelled request stay a cancellation', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError')),
    );
    const error = await api.get('/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
  });

  it('answers an unauthorised call with its code and status', async () => {
    mockApi({ 'GET /goal': () => failure(401, 'UNAUTHORIZED', 'Please sign in') });
    await expect(api.get('/goal')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      statusCode: 401,
      message: 'Please sign in',
    });
  });

  it('reads a success answer of sign-in as a whole', async () => {
    const signedIn = { status: 'success', token: 't', userData: buildUser() };
    mockApi({ 'POST /auth/register': () => json(201, signedIn) });
    await expect(api.post('/auth/register', {})).resolves.toEqual(signedIn);
  });
});

describe('toApiError', () => {
  it('prefers the envelope status code', () => {
    expect(
      toApiError(500, { status: 'fail', statusCode: 409, code: 'GOAL_IN_PROGRESS', message: 'm' }),
    ).toMatchObject({ statusCode: 409, code: 'GOAL_IN_PROGRESS', message: 'm' });
  });

  it("keeps every code of the shared AppError enum, and reads a code it does not know as 'UNKNOWN_ERROR'", () => {
    for (const code of Object.keys(ERROR_STATUS)) {
      expect(toApiError(400, { status: 'fail', statusCode: 400, code, message: 'm' }).code).toBe(
        code,
      );
    }
    for (const code of ['X', 'toString', '__proto__', 'not_found']) {
      const error = toApiError(409, { status: 'fail', statusCode: 409, code, message: 'm' });
      expect(error.code).toBe('UNKNOWN_ERROR');
      expect(error).toMatchObject({ statusCode: 409, message: 'm' });
    }
  });

  it('tells an error by its code only when it is the API answering with that code', () => {
    const refusal = new ApiError('LINK_INVALID', 400, 'This link has expired');
    expect(hasErrorCode(refusal, 'LINK_INVALID')).toBe(true);
    expect(hasErrorCode(refusal, 'NOT_FOUND')).toBe(false);
    expect(
      hasErrorCode(Object.assign(new Error('m'), { code: 'LINK_INVALID' }), 'LINK_INVALID'),
    ).toBe(false);
  });

  it('keeps the success helper honest', async () => {
    expect(await success(1).json()).toEqual({ status: 'success', data: 1 });
  });
});
