import { PASSWORD_MIN } from '@wellspring/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './field';

/** One password field as the form registered it, with its error. */
interface PasswordInput {
  field: UseFormRegisterReturn;
  error?: string;
}

/**
 * A new password and its confirmation, as every form that sets one shows them (registration,
 * reset, change, a first password): revealable, `autoComplete="new-password"`, the length hint
 * from the shared rule. The rules themselves come from `lib/form-rules`.
 */
export function NewPasswordFields({
  password,
  confirm,
  labels = { password: 'New password', confirm: 'Confirm new password' },
}: {
  password: PasswordInput;
  confirm: PasswordInput;
  labels?: { password: string; confirm: string };
}) {
  return (
    <>
      <TextField
        label={labels.password}
        isPassword
        autoComplete="new-password"
        hint={`Use at least ${PASSWORD_MIN} characters.`}
        error={password.error}
        {...password.field}
      />
      <TextField
        label={labels.confirm}
        isPassword
        autoComplete="new-password"
        error={confirm.error}
        {...confirm.field}
      />
    </>
  );
}
