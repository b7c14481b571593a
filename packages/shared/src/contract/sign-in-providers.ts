import { z } from 'zod';
import { successEnvelope } from './common';

/** Which sign-in this server offers besides email and password. */
export const SignInProvidersSchema = z.object({
  google: z.boolean().describe('Google (or the OpenID provider configured) is set up'),
  dev: z
    .boolean()
    .describe('The built-in development sign-in stands in for Google (never in production)'),
});
export type SignInProviders = z.infer<typeof SignInProvidersSchema>;

export const SignInProvidersAnswerSchema = successEnvelope(SignInProvidersSchema);
