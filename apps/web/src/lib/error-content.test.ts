import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { UserDataError } from './auth';
import { getErrorContent, getErrorSummary, getErrorText } from './error-content';

/** What React Router throws for a path no route matches. */
const routeNotFound = {
  status: 404,
  statusText: 'Not Found',
  internal: true,
  data: 'Error: No route matches URL "/nowhere"',
  error: new Error('No route matches URL "/nowhere"'),
};

describe('getErrorContent', () => {
  it('maps an unknown route to Page Not Found with its status', () => {
    expect(getErrorContent(routeNotFound)).toEqual({
      kind: 'notFound',
      code: '404',
      title: 'Page Not Found',
      message: 'Sorry, the page you are looking for does not exist.',
      clearsSession: false,
    });
  });

  it("maps 'Network Error' to the service problem, without a status", () => {
    const content = getErrorContent(new ApiError('NETWORK_ERROR', 0, 'Network Error'));
    expect(content).toMatchObject({
      kind: 'network',
      code: 'Oh No!',
      title: 'There Was A Problem With Our Service',
      clearsSession: false,
    });
    expect(content.message).toMatch(/server is having some issues.*try again later/i);
  });

  it('maps a lost account to logging in again, and clears the session', () => {
    const content = getErrorContent(
      new UserDataError('u1', new ApiError('UNAUTHORIZED', 401, 'Please sign in')),
    );
    expect(content).toEqual({
      kind: 'userData',
      code: 'Oh No!',
      title: 'Something Went Wrong',
      message: 'Failed to retrieve your account data. Please log in again.',
      clearsSession: true,
    });
  });

  it('reads plain strings too', () => {
    expect(getErrorContent('User data with the id of 42 does not exist').kind).toBe('userData');
    expect(getErrorContent('Network Error').kind).toBe('network');
  });

  it('falls back to a general problem', () => {
    expect(getErrorContent(new Error('boom'))).toEqual({
      kind: 'default',
      code: 'Oh No!',
      title: 'Something Went Wrong',
      message: 'There was a problem, please try again later.',
      clearsSession: false,
    });
    expect(getErrorContent(new ApiError('INTERNAL_ERROR', 500, 'oops')).code).toBe('500');
    expect(getErrorContent({ odd: true }).kind).toBe('default');
    expect(getErrorContent(undefined).kind).toBe('default');
  });
});

describe('getErrorText and getErrorSummary', () => {
  it('reads every part of a route error', () => {
    expect(getErrorText(routeNotFound)).toContain('No route matches URL');
    expect(getErrorSummary(routeNotFound)).toBe('404 Not Found');
    expect(getErrorSummary(new Error('boom'))).toBe('boom');
  });
});
