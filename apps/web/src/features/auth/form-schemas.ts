import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema, LoginBodySchema, RegisterBodySchema } from '@wellspring/shared';
import { z } from 'zod';
import {
  confirmPasswordField,
  newPasswordField,
  REQUIRED_MESSAGE,
  withMatchingPasswords,
} from '@/lib/form-rules';

/*
 * The rules of the sign-in, registration and password forms: the shared contract's, with zod.
 * The forms load this module on their first focus (lib/lazy-resolver), so zod is not part of
 * their page's first JavaScript (decision 038).
 */

/** The contract's rules of a sign-in (LoginBodySchema): a typo is caught here, in its words. */
export const LoginFormSchema = z.object({
  email: LoginBodySchema.shape.email,
  password: LoginBodySchema.shape.password,
});
export type LoginFormValues = z.infer<typeof LoginFormSchema>;

/**
 * The contract's rules of a registration (RegisterBodySchema), field by field, checked before the
 * call; an empty field says SPEC.md's 'Field can't be empty' first.
 */
export const RegisterFormSchema = withMatchingPasswords(
  z.object({
    name: z.string().trim().min(1, REQUIRED_MESSAGE).pipe(RegisterBodySchema.shape.name),
    email: RegisterBodySchema.shape.email,
    password: newPasswordField(),
    confirmPassword: confirmPasswordField(),
    terms: z.boolean().pipe(RegisterBodySchema.shape.terms),
  }),
  'password',
);
export type RegisterFormValues = z.input<typeof RegisterFormSchema>;

export const ForgotPasswordFormSchema = z.object({
  email: EmailSchema,
});
export type ForgotPasswordFormValues = z.infer<typeof ForgotPasswordFormSchema>;

/** The contract's rules of a new password (ResetPasswordBodySchema), checked before the call. */
export const ResetPasswordFormSchema = withMatchingPasswords(
  z.object({ password: newPasswordField(), confirmPassword: confirmPasswordField() }),
  'password',
);
export type ResetPasswordFormValues = z.infer<typeof ResetPasswordFormSchema>;

export const loginResolver = zodResolver(LoginFormSchema);
export const registerResolver = zodResolver(RegisterFormSchema);
export const forgotPasswordResolver = zodResolver(ForgotPasswordFormSchema);
export const resetPasswordResolver = zodResolver(ResetPasswordFormSchema);
