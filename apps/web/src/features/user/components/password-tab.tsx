import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordBodySchema } from '@wellspring/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { PasswordManagerUsername } from '@/components/ui/email-field';
import { DialogBody } from '@/components/ui/dialog';
import { Checkbox, TextField } from '@/components/ui/field';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { hasErrorCode } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { describeError, getFieldErrors } from '@/lib/error-messages';
import { confirmPasswordField, newPasswordField, withMatchingPasswords } from '@/lib/form-rules';
import { sessionKeys } from '@/lib/query-keys';
import { useChangePassword } from '../api/change-password';
import { usePasswordStatus } from '../api/password-status';
import { countOf } from '@/lib/format';
import { InlineAlert, PanelSection, StatusMessage } from './panel-parts';
import { SetPasswordForm } from './set-password-form';

export const WRONG_PASSWORD_MESSAGE = 'The current password is not right';

/** The contract's rules of a password change (ChangePasswordBodySchema), checked before the call. */
export const ChangePasswordFormSchema = withMatchingPasswords(
  z.object({
    currentPassword: ChangePasswordBodySchema.shape.currentPassword,
    newPassword: newPasswordField(),
    confirmPassword: confirmPasswordField(),
    keepOtherSessions: z.boolean(),
  }),
  'newPassword',
);
type ChangePasswordFormValues = z.infer<typeof ChangePasswordFormSchema>;

const EMPTY_FORM: ChangePasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  keepOtherSessions: false,
};
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** What a change did to the other sessions: by default the API signs them all out. */
function describeChange(revoked: number, keptOthers: boolean): string {
  if (revoked > 0) {
    const ended = countOf(revoked, 'other session');
    return `Your password has been changed, and ${ended} ${revoked === 1 ? 'was' : 'were'} signed out.`;
  }
  return keptOthers
    ? 'Your password has been changed. Your other devices stay signed in.'
    : 'Your password has been changed. You were not signed in anywhere else.';
}

/**
 * The password of the account: changed, given the current one, for an email-and-password
 * account; set for the first time by an account made by Google sign-in, which has none.
 */
export function PasswordTab() {
  const status = usePasswordStatus();
  const hasPassword = status.data?.hasPassword;
  // Said after a first password is set, once the tab has turned into the change form.
  const [setMessage, setSetMessage] = useState('');
  return (
    <DialogBody className="flex flex-col gap-5 pt-4">
      {hasPassword === false ? (
        <PanelSection
          title="Set a password"
          description="You sign in with Google. Set a Wellspring password to sign in with your email too."
        >
          <SetPasswordForm onSet={setSetMessage} />
        </PanelSection>
      ) : (
        <PanelSection title="Change your password" description="For signing in with your email.">
          {hasPassword === undefined && status.isPending ? (
            <Spinner label="Loading" tone="brand" />
          ) : (
            <ChangePasswordForm />
          )}
        </PanelSection>
      )}
      <StatusMessage message={setMessage} />
    </DialogBody>
  );
}

function ChangePasswordForm() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const changePassword = useChangePassword();
  const [result, setResult] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: EMPTY_FORM,
  });

  const onSubmit = handleSubmit((values) => {
    setResult('');
    setFormError(null);
    changePassword.mutate(values, {
      onSuccess: ({ revoked }) => {
        const message = describeChange(revoked, values.keepOtherSessions);
        toast.success(message);
        setResult(message);
        reset(EMPTY_FORM);
      },
      // What was typed stays, so it can be corrected.
      onError: (error) => {
        if (hasErrorCode(error, 'INVALID_CREDENTIALS')) {
          setError('currentPassword', { message: WRONG_PASSWORD_MESSAGE }, { shouldFocus: true });
          return;
        }
        if (hasErrorCode(error, 'NO_PASSWORD')) {
          void queryClient.invalidateQueries({ queryKey: sessionKeys.password() });
          return;
        }
        let hasFieldError = false;
        for (const [name, message] of Object.entries(getFieldErrors(error))) {
          const field = FIELDS.find((f) => f === name);
          if (field) {
            setError(field, { message }, { shouldFocus: !hasFieldError });
            hasFieldError = true;
          }
        }
        if (!hasFieldError) setFormError(describeError(error));
      },
    });
  });

  return (
    <>
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Change your password"
      >
        <PasswordManagerUsername email={user?.email} />
        {formError && <InlineAlert title="Your password was not changed." message={formError} />}
        <TextField
          label="Current password"
          isPassword
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields
          password={{ field: register('newPassword'), error: errors.newPassword?.message }}
          confirm={{ field: register('confirmPassword'), error: errors.confirmPassword?.message }}
        />
        <Checkbox
          label="Keep me signed in on my other devices"
          {...register('keepOtherSessions')}
        />
        <Button
          type="submit"
          className="self-stretch sm:self-start"
          isLoading={changePassword.isPending}
        >
          Change password
        </Button>
      </form>
      <StatusMessage message={result} />
    </>
  );
}
