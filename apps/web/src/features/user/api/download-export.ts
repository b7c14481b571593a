import { useMutation } from '@tanstack/react-query';
import { ApiError, buildApiUrl, NETWORK_ERROR_MESSAGE, toApiError } from '@/lib/api-client';
import { readStoredToken } from '@/lib/auth-storage';
import { getFilenameFromDisposition } from '../utils/content-disposition';
import { saveFile } from '../utils/save-file';

/** The downloads of "Your data", and the name each gets when the server gives none. */
export const EXPORT_FILES = {
  json: { path: '/account/export', fallbackName: 'wellspring-export.json' },
  tasks: { path: '/account/export/tasks.csv', fallbackName: 'wellspring-tasks.csv' },
  moods: { path: '/account/export/moods.csv', fallbackName: 'wellspring-moods.csv' },
  daylio: { path: '/account/export/daylio.csv', fallbackName: 'wellspring-daylio.csv' },
  pixels: { path: '/account/export/pixels.json', fallbackName: 'wellspring-pixels.json' },
} as const;
export type ExportKind = keyof typeof EXPORT_FILES;

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

function toNetworkError(cause: unknown): ApiError {
  return new ApiError('NETWORK_ERROR', 0, NETWORK_ERROR_MESSAGE, { cause });
}

/**
 * GET /v1/account/export (or a CSV): the file itself, not a JSON answer, so this fetches it
 * directly with the bearer token and reads the name from Content-Disposition.
 */
export async function downloadExport(kind: ExportKind): Promise<DownloadedFile> {
  const file = EXPORT_FILES[kind];
  const token = readStoredToken();
  let response: Response;
  try {
    response = await fetch(buildApiUrl(file.path), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    throw toNetworkError(error);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    throw toApiError(response.status, payload);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    // The export is streamed: the connection can drop halfway through.
    throw toNetworkError(error);
  }
  const filename =
    getFilenameFromDisposition(response.headers.get('Content-Disposition')) ?? file.fallbackName;
  return { blob, filename };
}

/** Downloads an export and hands it to the browser as a file; answers the file's name. */
export function useDownloadExport() {
  return useMutation({
    mutationFn: async (kind: ExportKind) => {
      const { blob, filename } = await downloadExport(kind);
      saveFile(blob, filename);
      return filename;
    },
  });
}
