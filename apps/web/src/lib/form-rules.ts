import {
  ConfirmPasswordSchema,
  NewPasswordSchema,
  PASSWORD_MISMATCH_MESSAGE,
} from '@wellspring/shared';
import { z } from 'zod';

/*
 * The forms check the API's own rules (the shared contract) before the call, so a mistake costs
 * no rate-limited round trip and reads in the API's words; the only rule of the forms' own is
 * SPEC.md's 'Field can't be empty', said first for any empty field.
 */

/** SPEC.md section 5: every field is required. */
export const REQUIRED_MESSAGE = "Field can't be empty";

/** A text field: empty says REQUIRED_MESSAGE; anything typed is checked by the contract's rule. */
export function required<T extends z.ZodType<unknown, string>>(rule: T) {
  return z.string().min(1, REQUIRED_MESSAGE).pipe(rule);
}

/** A new password, by the contract's rule. */
export const newPasswordField = () => required(NewPasswordSchema);

/** The new password typed again, by the contract's rule. */
export const confirmPasswordField = () => required(ConfirmPasswordSchema);

/**
 * The contract's last rule of a new password, the confirmation equal to it: told on
 * `confirmPassword` as soon as both are typed, even while other fields are still wrong.
 */
export function withMatchingPasswords<
  T extends z.ZodObject<{ confirmPassword: z.ZodType<string, string> }>,
>(schema: T, passwordField: keyof z.output<T> & string) {
  return schema.refine(
    (values: Record<string, unknown>) => values[passwordField] === values.confirmPassword,
    {
      message: PASSWORD_MISMATCH_MESSAGE,
      path: ['confirmPassword'],
      when: (payload) => {
        const value = payload.value as Record<string, unknown>;
        return Boolean(value[passwordField]) && Boolean(value.confirmPassword);
      },
    },
  );
}
