import { createServer } from 'node:net';
import { expect } from 'vitest';

/** A browser, as far as sign-in needs one: a cookie jar and manual redirects. */
export class Browser {
  private cookies = new Map<string, string>();

  async get(url: string, init: { method?: string; body?: string } = {}) {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.body ? { body: init.body } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }
}

/** A free port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs the browser's part of the flow up to the SPA callback; answers its query. */
export async function authorizeWithDevProvider(
  base: string,
  browser: Browser,
  person = { name: 'Grace Dev', email: 'grace@dev.test' },
) {
  const start = await browser.get(`${base}/api/v1/auth/google/start?timeZone=Europe/Paris`);
  expect(start.status).toBe(302);
  const toProvider = start.headers.get('location')!;
  expect(new URL(toProvider).searchParams.get('code_challenge_method')).toBe('S256');
  const auth = await browser.get(toProvider);
  const interaction = new URL(auth.headers.get('location')!, base).href;
  const pageRes = await browser.get(interaction);
  const html = await pageRes.text();
  expect(html).toContain('This is a development sign-in, not Google.');
  const login = await browser.get(`${interaction}/login`, {
    method: 'POST',
    body: new URLSearchParams(person).toString(),
  });
  expect(login.status).toBe(303);
  const resume = await browser.get(new URL(login.headers.get('location')!, base).href);
  const callback = new URL(resume.headers.get('location')!, base);
  expect(callback.pathname).toBe('/auth/callback');
  return {
    code: callback.searchParams.get('code')!,
    state: callback.searchParams.get('state')!,
    iss: callback.searchParams.get('iss')!,
  };
}
