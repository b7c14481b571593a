/** SPEC.md section 8: a diary or onboarding failure, word for word. */
export const ONBOARDING_FAILED_MESSAGE = 'Oops, Something went wrong!';
