import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  CHECK_FIELDS_MESSAGE,
  describeError,
  getFieldErrors,
  GENERIC_FAILURE_MESSAGE,
  NETWORK_FAILURE_MESSAGE,
} from './error-messages';

describe('the words for a failed call', () => {
  it("keeps the server's own words for a refusal written for people", () => {
    const error = new ApiError('DIARY_ALREADY_WRITTEN', 409, 'You already wrote today');
    expect(describeError(error)).toBe('You already wrote today');
  });

  it('never shows a field path: a 400 points at the fields', () => {
    const error = new ApiError(
      'VALIDATION_ERROR',
      400,
      'Invalid body.email: Enter a valid email address',
      {
        issues: [{ path: 'body.email', message: 'Enter a valid email address' }],
      },
    );
    expect(describeError(error)).toBe(CHECK_FIELDS_MESSAGE);
    expect(describeError(new ApiError('VALIDATION_ERROR', 400, 'Invalid query.id'))).not.toMatch(
      /query\.id/,
    );
  });

  it('says a lost network and a fault without words plainly', () => {
    expect(describeError(new ApiError('NETWORK_ERROR', 0, 'Network Error'))).toBe(
      NETWORK_FAILURE_MESSAGE,
    );
    expect(describeError(new ApiError('INTERNAL_ERROR', 500, ''))).toBe(GENERIC_FAILURE_MESSAGE);
    expect(describeError(new Error('boom'))).toBe(GENERIC_FAILURE_MESSAGE);
  });

  it('gives each field the first problem the API found with it, without the body. prefix', () => {
    const error = new ApiError('VALIDATION_ERROR', 400, 'Invalid body.email: …', {
      issues: [
        { path: 'body.email', message: 'Enter a valid email address' },
        { path: 'body.email', message: 'A second problem' },
        { path: 'body.password', message: 'Passwords are at least 8 characters' },
      ],
    });
    expect(getFieldErrors(error)).toEqual({
      email: 'Enter a valid email address',
      password: 'Passwords are at least 8 characters',
    });
    expect(getFieldErrors(new Error('boom'))).toEqual({});
  });
});
