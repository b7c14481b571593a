/**
 * The absolute URL of something this server serves, from PUBLIC_URL (decision 028: every URL the
 * API hands out is absolute, so a client on another origin shows it as it is). The database keeps
 * the path (`/backgrounds/first-light.svg`), so a move to another address changes no row; a URL
 * that is absolute already (a sign-in provider's picture) is answered as it is.
 */
export function toPublicUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`;
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/** toPublicUrl for a value that may be absent. */
export function toPublicUrlOrNull(publicUrl: string, pathOrUrl: string | null): string | null {
  return pathOrUrl === null ? null : toPublicUrl(publicUrl, pathOrUrl);
}
