import {
  ApiError,
  buildApiUrl,
  NETWORK_ERROR_MESSAGE,
  sendsBearer,
  toApiError,
  type HttpMethod,
  type QueryParams,
} from './api-client';
import { readStoredToken } from './auth-storage';
import { getFilenameFromDisposition } from './content-disposition';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export interface FileRequest {
  method?: Extract<HttpMethod, 'GET' | 'POST'>;
  query?: QueryParams;
  /** Sent as JSON: what the file is made of (a report's range and sections). */
  body?: unknown;
  /** The name the file gets when the server gives none. */
  fallbackName: string;
}

function toNetworkError(cause: unknown): ApiError {
  return new ApiError('NETWORK_ERROR', 0, NETWORK_ERROR_MESSAGE, { cause });
}

/**
 * A file the API answers (an export, a report's PDF or CSV), not a JSON answer: fetched directly,
 * with the bearer token where the call takes one, named from Content-Disposition. A refusal
 * throws the API's error, as apiRequest does.
 */
export async function downloadFile(
  path: string,
  { method = 'GET', query, body, fallbackName }: FileRequest,
): Promise<DownloadedFile> {
  const headers: Record<string, string> = {};
  const token = sendsBearer(method, path) ? readStoredToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
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
    // A file is streamed: the connection can drop halfway through.
    throw toNetworkError(error);
  }
  const filename =
    getFilenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  return { blob, filename };
}
