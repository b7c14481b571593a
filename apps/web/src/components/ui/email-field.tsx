import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './field';

/** The email field of the sign-in, registration and forgot-password forms, one way everywhere. */
export function EmailField({ field, error }: { field: UseFormRegisterReturn; error?: string }) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      error={error}
      {...field}
    />
  );
}

/**
 * A hidden username for a form that sets a password, so a password manager knows whose password
 * it saves (the signed-in user's email).
 */
export function PasswordManagerUsername({ email }: { email: string | undefined }) {
  return (
    <input
      type="email"
      name="username"
      autoComplete="username"
      value={email ?? ''}
      readOnly
      hidden
    />
  );
}
