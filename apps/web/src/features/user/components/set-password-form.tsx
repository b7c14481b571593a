import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { PasswordManagerUsername } from '@/components/ui/email-field';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { toast } from '@/components/ui/toast';
import { useUser } from '@/lib/auth';
import { describeError, getFieldErrors } from '@/lib/error-messages';
import { confirmPasswordField, newPasswordField, withMatchingPasswords } from '@/lib/form-rules';
import { useSetFirstPassword } from '../api/password-status';
import { InlineAlert } from './panel-parts';

export const PASSWORD_SET_MESSAGE =
  'Your password is set. You can now also sign in with your email and this password.';

/** The contract's rules of a first password (SetPasswordBodySchema), checked before the call. */
const SetPasswordFormSchema = withMatchingPasswords(
  z.object({ newPassword: newPasswordField(), confirmPassword: confirmPasswordField() }),
  'newPassword',
);
type SetPasswordFormValues = z.infer<typeof SetPasswordFormSchema>;

/**
 * An account made by Google sign-in has no Wellspring password: it may set one, so the email and
 * that password open it too. The server asks for a session opened in the last 15 minutes.
 */
export function SetPasswordForm({ onSet }: { onSet: (message: string) => void }) {
  const { data: user } = useUser();
  const setPassword = useSetFirstPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SetPasswordFormValues>({
    resolver: zodResolver(SetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setPassword.mutate(values, {
      onSuccess: () => {
        toast.success(PASSWORD_SET_MESSAGE);
        onSet(PASSWORD_SET_MESSAGE);
      },
      // What was typed stays, so it can be tried again.
      onError: (error) => {
        const fieldErrors = getFieldErrors(error);
        const field = (['newPassword', 'confirmPassword'] as const).find((f) => f in fieldErrors);
        if (field) {
          setError(field, { message: fieldErrors[field] }, { shouldFocus: true });
          return;
        }
        setFormError(describeError(error));
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Set a password"
    >
      <PasswordManagerUsername email={user?.email} />
      {formError && <InlineAlert title="Your password was not set." message={formError} />}
      <NewPasswordFields
        password={{ field: register('newPassword'), error: errors.newPassword?.message }}
        confirm={{ field: register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <Button
        type="submit"
        className="self-stretch sm:self-start"
        isLoading={setPassword.isPending}
      >
        Set password
      </Button>
    </form>
  );
}
