/** The deploy check's HTTP calls: JSON in and out, and status 0 when nothing answered. */
import { REQUEST_TIMEOUT_MS } from './settings';

export interface Answer {
  status: number;
  body: Record<string, unknown> | undefined;
}

export async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(base + url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: undefined }; // refused, reset or timed out: no answer
  }
}

export const dataOf = (answer: Answer) => (answer.body?.data ?? {}) as Record<string, unknown>;
