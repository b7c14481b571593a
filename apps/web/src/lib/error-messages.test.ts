import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  CHECK_FIELDS_MESSAGE,
  describeError,
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
});
