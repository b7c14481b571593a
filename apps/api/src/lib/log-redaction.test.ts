import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('leaves a URL without a query string as it is', () => {
    expect(redactUrl('/api/v1/goal')).toBe('/api/v1/goal');
    expect(redactUrl('/api/v1/goal?')).toBe('/api/v1/goal?');
  });

  it('keeps the query parameters the API reads, exactly as sent', () => {
    const url =
      '/api/v1/task?id=6d1f&page=2&size=7&status=OnGoing&date=1700000000000' +
      '&fields=mood&mood=Happy&taskId=a1&userId=u1&startDate=1&endDate=2&timeZone=Europe%2FBerlin';
    expect(redactUrl(url)).toBe(url);
  });

  it.each([
    ['/v1/user?access_token=abc.def', '/v1/user?access_token=[redacted]'],
    [
      '/v1/auth/google?credential=c0de&state=s7',
      '/v1/auth/google?credential=[redacted]&state=[redacted]',
    ],
    ['/v1/verify?token=t0k3n&id=u1', '/v1/verify?token=[redacted]&id=u1'],
    ['/v1/task?Id=secret&ID=secret', '/v1/task?Id=[redacted]&ID=[redacted]'],
    ['/v1/task?flag', '/v1/task?flag=[redacted]'],
    ['/v1/task?id=u1&id=u2&x=1', '/v1/task?id=u1&id=u2&x=[redacted]'],
    ['/v1/task?a%20b=1', '/v1/task?[redacted]=[redacted]'],
    [`/v1/task?${'k'.repeat(33)}=1`, '/v1/task?[redacted]=[redacted]'],
    ['/v1/task?eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', '/v1/task?[redacted]=[redacted]'],
  ])('redacts every other value: %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
