import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, newAccount, test } from './fixtures';

/*
 * A client served from another origin shows the artworks the API hands out (decision 028). A page
 * on a second loopback origin (127.0.0.2; the product runs on 127.0.0.1) puts each URL in an <img>:
 * the artworks load (Cross-Origin-Resource-Policy: cross-origin), while another file of the
 * product, still same-origin only, is refused by Chromium.
 */

/** Serves one page that shows, in an <img> each, the URLs given as `img` query parameters. */
function startOtherOrigin(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const urls = new URL(request.url ?? '/', 'http://127.0.0.2').searchParams.getAll('img');
    const images = urls
      .map(
        (url, i) =>
          `<img id="img-${i}" src="${url.replace(/"/g, '&quot;')}" alt="" ` +
          `onload="this.dataset.state='loaded'" onerror="this.dataset.state='failed'">`,
      )
      .join('\n');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><head><title>Another client</title></head><body>${images}</body></html>`,
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.2', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, origin: `http://127.0.0.2:${port}` });
    });
  });
}

let other: { server: Server; origin: string };
test.beforeAll(async () => {
  other = await startOtherOrigin();
});
test.afterAll(async () => {
  await new Promise((resolve) => other.server.close(resolve));
});

test('a page on another origin shows every artwork URL the API hands out, and nothing else of the product', async ({
  page,
  baseURL,
}) => {
  const apiOrigin = new URL(baseURL!).origin;

  const list = await page.request.get('/api/v1/background');
  expect(list.ok()).toBe(true);
  const backgrounds: { URL: string }[] = (await list.json()).data;
  expect(backgrounds).toHaveLength(12);

  const account = newAccount('cross-origin');
  const registered = await page.request.post('/api/v1/auth/register', {
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      terms: true,
    },
  });
  expect(registered.status()).toBe(201);
  const { selectedBackgroundURL } = (await registered.json()).userData;

  const artworks = [...backgrounds.map((b) => b.URL), selectedBackgroundURL as string];
  for (const url of artworks) expect(new URL(url).origin).toBe(apiOrigin);
  expect(other.origin).not.toBe(apiOrigin);
  // A file of the product that is not an artwork: helmet's same-origin still guards it.
  const guarded = `${apiOrigin}/favicon.svg`;
  expect((await page.request.get(guarded)).headers()['cross-origin-resource-policy']).toBe(
    'same-origin',
  );

  const query = new URLSearchParams([...artworks, guarded].map((url) => ['img', url]));
  await page.goto(`${other.origin}/?${query}`);
  const images = page.locator('img');
  await expect(images).toHaveCount(artworks.length + 1);
  await expect(page.locator('img:not([data-state])')).toHaveCount(0);

  const states = await images.evaluateAll((elements) =>
    (elements as HTMLImageElement[]).map((img) => ({
      src: img.src,
      state: img.dataset.state,
      naturalWidth: img.naturalWidth,
    })),
  );
  for (const [i, url] of artworks.entries()) {
    expect(states[i], url).toMatchObject({ src: url, state: 'loaded' });
    expect(states[i]!.naturalWidth, url).toBeGreaterThan(0);
  }
  expect(states.at(-1), guarded).toMatchObject({ src: guarded, state: 'failed', naturalWidth: 0 });
});
