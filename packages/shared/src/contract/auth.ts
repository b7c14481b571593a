import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../domain/limits';
import { successEnvelope } from './common';
import { TimeZoneSchema, UserNameSchema, UserSchema } from './user';

export const EmailSchema = z
  .string()
  .trim()
  .min(1, "Field can't be empty")
  .max(254)
  .pipe(z.email('Enter a valid email address'))
  .transform((e) => e.toLowerCase());

export { PASSWORD_MAX, PASSWORD_MIN } from '../domain/limits';

/** A new password, as registration, a reset, a change and a first password take it. */
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, 'Passwords are at least 8 characters')
  .max(PASSWORD_MAX, 'Passwords are at most 128 characters');

/** The new password typed again: no longer than a password; it must equal the new one. */
export const ConfirmPasswordSchema = z.string().max(PASSWORD_MAX);

/** What a confirmation that differs from the new password is told (on `confirmPassword`). */
export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match';

export const RegisterBodySchema = z
  .strictObject({
    name: UserNameSchema,
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
    terms: z.literal(true, 'Please accept the terms'),
    timeZone: TimeZoneSchema.optional(),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.strictObject({
  email: EmailSchema,
  password: z.string().min(1, "Field can't be empty").max(PASSWORD_MAX),
  timeZone: TimeZoneSchema.optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** The answer to a sign-in or a registration. */
export const AuthAnswerSchema = z.object({
  status: z.literal('success'),
  token: z.string(),
  userData: UserSchema,
});
export type AuthAnswer = z.infer<typeof AuthAnswerSchema>;

/** The token of an emailed link (256 random bits, base64url): read from the link, then posted. */
export const LinkTokenSchema = z
  .string()
  .min(1, 'This link is incomplete')
  .max(100, 'This link is not one of ours');

export const VerifyEmailBodySchema = z.strictObject({ token: LinkTokenSchema });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

export const VerifyEmailAnswerSchema = successEnvelope(
  z.object({ emailVerified: z.literal(true) }),
);
export type VerifyEmailAnswer = z.infer<typeof VerifyEmailAnswerSchema>;

/** Asking for a verification link again, or for a reset link: sent (or not), said the same. */
export const LinkSentAnswerSchema = successEnvelope(z.null());

export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = z
  .strictObject({
    token: LinkTokenSchema,
    password: NewPasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** A reset ends every session of the account; `revoked` says how many. */
export const ResetPasswordAnswerSchema = successEnvelope(z.object({ revoked: z.number().int() }));
export type ResetPasswordAnswer = z.infer<typeof ResetPasswordAnswerSchema>;
