import { z } from 'zod';
import { TimeZoneSchema, UserNameSchema, UserSchema } from './user';

const EmailSchema = z
  .string()
  .trim()
  .min(1, "Field can't be empty")
  .max(254)
  .pipe(z.email('Enter a valid email address'))
  .transform((e) => e.toLowerCase());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const RegisterBodySchema = z
  .strictObject({
    name: UserNameSchema,
    email: EmailSchema,
    password: z
      .string()
      .min(PASSWORD_MIN, 'Passwords are at least 8 characters')
      .max(PASSWORD_MAX, 'Passwords are at most 128 characters'),
    confirmPassword: z.string().max(PASSWORD_MAX),
    terms: z.literal(true, 'Please accept the terms'),
    timeZone: TimeZoneSchema.optional(),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: 'Passwords do not match',
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
