import { AppError, IMPORT_MAX_ISSUES } from '@wellspring/shared';
import type { z } from 'zod';

/** The longest message an issue carries: a message may quote the file (unknown field names). */
const MAX_MESSAGE_LENGTH = 200;

/** A place in the import file, from the body down: ['tasks', 12, 'points']. */
export type FilePath = readonly PropertyKey[];

/**
 * What is wrong with an import file, first rows first, at most IMPORT_MAX_ISSUES of them: once
 * full, the checks stop (`isFull`) and the answer stays a few kilobytes, however bad the file.
 */
export class ImportIssues {
  private readonly issues: { path: string; message: string }[] = [];

  get isFull(): boolean {
    return this.issues.length >= IMPORT_MAX_ISSUES;
  }

  get count(): number {
    return this.issues.length;
  }

  add(path: FilePath, message: string): void {
    if (this.isFull) return;
    const clipped =
      message.length > MAX_MESSAGE_LENGTH
        ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…`
        : message;
    this.issues.push({ path: ['body', ...path].map(String).join('.'), message: clipped });
  }

  /** Each issue of a zod error, under the given place. */
  addZod(at: FilePath, error: z.ZodError): void {
    for (const issue of error.issues) this.add([...at, ...issue.path], issue.message);
  }

  /** The 400 VALIDATION_ERROR of the issues found (at least one). */
  toError(): AppError {
    const [first] = this.issues;
    const message = first ? `Invalid ${first.path}: ${first.message}` : 'Invalid body';
    return new AppError('VALIDATION_ERROR', message, [...this.issues]);
  }

  /** Throws the 400 VALIDATION_ERROR of the issues found, if any. */
  throwIfAny(): void {
    if (this.issues.length > 0) throw this.toError();
  }
}
