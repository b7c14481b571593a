/** Every error code the API can answer with, and the HTTP status each maps to. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  DIARY_ALREADY_WRITTEN: 409,
  GOAL_IN_PROGRESS: 409,
  REWARD_UNCLAIMED: 409,
  NO_GOAL_IN_PROGRESS: 409,
  GOAL_NOT_COMPLETED: 409,
  GOAL_ALREADY_COMPLETED: 409,
  REWARD_ALREADY_CLAIMED: 409,
  NO_REWARD: 409,
  TASK_NOT_ONGOING: 409,
  TASK_ALREADY_ONGOING: 409,
  UNKNOWN_TASK: 400,
  OIDC_FAILED: 400,
  /** The sign-in exchange without a `state`: sign-in must start at /api/v1/auth/google/start. */
  SIGN_IN_NOT_STARTED: 400,
  /** A Google sign-in whose email belongs to a password account not verified yet: not linked. */
  ACCOUNT_NOT_VERIFIED: 409,
  /** An emailed link that is unknown, already used or expired (one answer for all three). */
  LINK_INVALID: 400,
  EMAIL_ALREADY_VERIFIED: 409,
  EMAIL_VERIFICATION_OFF: 409,
  NO_PASSWORD: 409,
  /** Setting a first password on an account that already has one: change it instead. */
  PASSWORD_EXISTS: 409,
  /** An action that needs a session opened in the last few minutes: sign in again first. */
  REAUTH_REQUIRED: 403,
  TOO_MANY_ONGOING_TASKS: 409,
  DAILY_TASK_LIMIT: 409,
  /** A 21st check-in for one local day (decision 073). */
  CHECK_IN_LIMIT: 409,
  /** A day in the future, or before the account existed, for a check-in or a back-filled entry. */
  DAY_OUT_OF_RANGE: 400,
  /** An activity name the user already has, ignoring case (decision 074). */
  ACTIVITY_NAME_TAKEN: 409,
  /** A 201st activity. */
  ACTIVITY_LIMIT: 409,
  /** An activity id that is not one of the user's (or is archived, for a new check-in). */
  UNKNOWN_ACTIVITY: 400,
  ACCOUNT_NOT_EMPTY: 409,
  CONFIRMATION_MISMATCH: 400,
  IMPORT_VERSION_UNSUPPORTED: 400,
  IMPORT_UNKNOWN_REFERENCE: 400,
  /** A file from another app that cannot be read: not the format expected, or past a limit. */
  IMPORT_UNREADABLE: 400,
  /** A mood name of the file with no mood chosen for it (decision 081). */
  IMPORT_MAPPING_INCOMPLETE: 400,
  /** A second import while one is running for the user (decision 081). */
  IMPORT_RUNNING: 409,
  /** An import that can no longer be taken back: past its 7 days, or taken back already. */
  IMPORT_NOT_UNDOABLE: 409,
  /** Answers to a questionnaire that cannot be scored: one a question, each on its scale. */
  MEASURE_ANSWERS_INVALID: 400,
  /** A report's range or diary entries that cannot make a report (decision 084). */
  REPORT_INVALID: 400,
  /** A clinician's link that is unknown, expired or revoked (one answer for all three). */
  REPORT_LINK_INVALID: 404,
  /** An eleventh clinician's link that has not expired. */
  REPORT_LINK_LIMIT: 409,
  /** A push subscription whose endpoint is not a browser's push service (decision 063). */
  PUSH_ENDPOINT_NOT_ALLOWED: 400,
  /** A push endpoint another sign-in holds: the browser subscribes again for a new one. */
  PUSH_ENDPOINT_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  /** A write refused because the server's storage (the database's disk) is full: nothing saved. */
  STORAGE_FULL: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error the API answers with on purpose: a code from ERROR_STATUS and a message safe to show. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** Field by field, for a validation error. */
  readonly issues: { path: string; message: string }[] | undefined;

  constructor(code: ErrorCode, message: string, issues?: { path: string; message: string }[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.issues = issues;
  }
}

/** True when the value is an AppError (also across bundles, by shape). */
export function isAppError(value: unknown): value is AppError {
  return (
    value instanceof AppError ||
    (typeof value === 'object' &&
      value !== null &&
      (value as { name?: unknown }).name === 'AppError' &&
      typeof (value as { code?: unknown }).code === 'string')
  );
}
