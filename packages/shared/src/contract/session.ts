import { z } from 'zod';
import {
  ConfirmPasswordSchema,
  NewPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MISMATCH_MESSAGE,
} from './auth';
import { successEnvelope, TimestampSchema } from './common';

/** A signed-in browser of the user's, as the profile dialog lists it. */
export const SessionSchema = z.object({
  id: z.uuid(),
  device: z.string().describe('Browser and system, read from the user agent'),
  createdAt: TimestampSchema,
  lastUsedAt: TimestampSchema,
  current: z.boolean().describe('True for the session making this call'),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionListAnswerSchema = successEnvelope(z.array(SessionSchema));
export const SessionIdParamsSchema = z.strictObject({ sessionId: z.string().min(1).max(100) });
export const RevokedAnswerSchema = successEnvelope(z.object({ revoked: z.number().int() }));

/** A password change: the current password proves the caller; the other sessions end unless kept. */
export const ChangePasswordBodySchema = z
  .strictObject({
    currentPassword: z.string().min(1, "Field can't be empty").max(PASSWORD_MAX),
    newPassword: NewPasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
    keepOtherSessions: z
      .boolean()
      .default(false)
      .describe('Keep the other sessions signed in; by default every other session ends.'),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** Whether the caller's account has a Wellspring password (accounts made by Google sign-in start without). */
export const PasswordStatusAnswerSchema = successEnvelope(z.object({ hasPassword: z.boolean() }));

/**
 * A first password for an account that has none (made by Google sign-in): from a session opened in
 * the last few minutes, since it lets the account be opened without Google from then on.
 */
export const SetPasswordBodySchema = z
  .strictObject({
    newPassword: NewPasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type SetPasswordBody = z.infer<typeof SetPasswordBodySchema>;
