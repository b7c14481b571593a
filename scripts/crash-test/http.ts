// The crash test's calls to the API: JSON in, the status, the parsed body and the text out.
import { REQUEST_TIMEOUT_MS } from './settings';

export interface Answer<T> {
  status: number;
  body: T;
  text: string;
}

export class Api {
  constructor(readonly baseUrl: string) {}

  async call<T>(
    method: string,
    url: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // CSV or an error page: the text is enough.
    }
    return { status: res.status, body: body as T, text };
  }
}

export const ok = (status: number) => status >= 200 && status < 300;

export interface Envelope<T> {
  status: string;
  data: T;
}
export interface IdRow {
  id: string;
}
export interface TaskRow extends IdRow {
  goalId: string;
  status: string;
  points: number;
}
export interface GoalRow extends IdRow {
  earned: number;
  taskCompleted: number;
}
export interface DiaryRow extends IdRow {
  content: string;
}
