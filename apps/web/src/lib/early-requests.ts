/*
 * GET requests a page starts before the app's code has arrived (src/app-boot.ts, decision 049):
 * the signed-in area's frame asks for the user at once instead of after the 100 kB entry. The
 * app's API client takes such an answer, once, in place of its own request for the same URL with
 * the same token. A request that fails is forgotten, so the app asks again.
 */

interface EarlyRequest {
  token: string;
  response: Promise<Response>;
}

const started = new Map<string, EarlyRequest>();

/** Starts GET `url` with the session's token, for the app to take later. */
export function startEarlyGet(url: string, token: string): Promise<Response> {
  const response = fetch(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  started.set(url, { token, response });
  response.catch(() => started.delete(url));
  return response;
}

/** The answer of an early GET of `url` made with `token`, once; undefined when there is none. */
export function takeEarlyGet(url: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  return early.token === token ? early.response : undefined;
}
