import { afterEach, describe, expect, it } from 'vitest';
import { userUrl, preloadRouteCode } from '@/app-boot';
import { buildUser } from '@/test/factories';
import { mockApi } from '@/test/test-utils';
import { api, buildApiUrl, type SuccessBody } from './api-client';
import { startEarlyGet, takeEarlyGet } from './early-requests';

afterEach(() => {
  localStorage.clear();
  document.head.querySelectorAll('meta, link').forEach((element) => element.remove());
});

describe('a request the signed-in frame starts before the app (decision 049)', () => {
  it('asks for the user at the URL the API client asks for', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(userUrl('/api', id)).toBe(buildApiUrl('/user', { id }));
  });

  it("answers the app's own request once, with no second call to the server", async () => {
    const user = buildUser();
    const { calls } = mockApi({ 'GET /user': () => user });
    localStorage.setItem('token', 'the-token');
    void startEarlyGet(userUrl('/api', user.id), 'the-token');
    const first = await api.get<SuccessBody<typeof user>>('/user', { query: { id: user.id } });
    expect(first.data.id).toBe(user.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer the-token');
    // Taken once: the next request is the app's own.
    await api.get('/user', { query: { id: user.id } });
    expect(calls).toHaveLength(2);
  });

  it('is not taken with another token, and is forgotten when it fails', async () => {
    mockApi({
      'GET /user': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const url = userUrl('/api', 'u1');
    void startEarlyGet(url, 'old-token');
    expect(takeEarlyGet(url, 'new-token')).toBeUndefined();
    expect(takeEarlyGet(url, 'old-token')).toBeUndefined();
    await startEarlyGet(url, 'a-token').catch(() => undefined);
    expect(takeEarlyGet(url, 'a-token')).toBeUndefined();
  });

  it('preloads the code of every page of the area and of the page asked for, not of others', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta name="wellspring-route-code" content="* /assets/frame.js /assets/icons.js">' +
        '<meta name="wellspring-route-code" content="/app/dashboard /assets/dashboard.js">',
    );
    const preloaded = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (link) => new URL(link.href).pathname,
      );
    preloadRouteCode('/app/diary');
    expect(preloaded()).toEqual(['/assets/frame.js', '/assets/icons.js']);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    preloadRouteCode('/app/dashboard/');
    expect(preloaded()).toEqual(['/assets/frame.js', '/assets/icons.js', '/assets/dashboard.js']);
  });
});
