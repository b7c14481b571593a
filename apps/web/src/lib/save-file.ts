/**
 * How long an object URL outlives its click. The browser reads the blob when the download
 * starts, which is not always within the click itself.
 */
export const OBJECT_URL_LIFETIME_MS = 1_000;

/** Saves a blob as a download under `filename`, through a short-lived object URL. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  }
}
