import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '@wellspring/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DialogBody } from '@/components/ui/dialog';
import { Checkbox, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { useChangePassword } from '../api/change-password';
import { countOf } from '../utils/format';
import { getErrorMessage } from '../utils/errors';
import { InlineAlert, PanelSection, StatusMessage } from './panel-parts';

const REQUIRED_MESSAGE = "Field can't be empty";
export const WRONG_PASSWORD_MESSAGE = 'The current password is not right';

/** The API's rules (PRODUCT.md section 3), checked here first; empty fields say so. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, REQUIRED_MESSAGE).max(PASSWORD_MAX),
    newPassword: z
      .string()
      .min(1, REQUIRED_MESSAGE)
      .min(PASSWORD_MIN, 'Passwords are at least 8 characters')
      .max(PASSWORD_MAX, 'Passwords are at most 128 characters'),
    confirmPassword: z.string().min(1, REQUIRED_MESSAGE),
    keepOtherSessions: z.boolean(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as Partial<Record<'newPassword' | 'confirmPassword', unknown>>;
      return Boolean(value.newPassword) && Boolean(value.confirmPassword);
    },
  });
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

/** An account that signs in with Google has no password here: said calmly, instead of a form. */
function NoPasswordNote() {
  return (
    <div role="status" className="flex items-start gap-3 rounded-2xl bg-surface p-4 text-sm">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white text-brand-violet">
        <KeyRound className="size-4" aria-hidden />
      </span>
      <div className="flex flex-col gap-1">
        <p className="font-semibold text-ink">You sign in with Google</p>
        <p className="leading-relaxed text-ink-muted">
          Your account has no Wellspring password, so there is nothing to change here. Your Google
          account keeps your sign-in safe; its own settings change that password.
        </p>
      </div>
    </div>
  );
}

/**
 * Changing the password of an email-and-password account. Whether the account has one shows
 * only when the API answers 409 NO_PASSWORD; the dialog remembers it while it stays open.
 */
export function PasswordTab({
  hasNoPassword,
  onNoPassword,
}: {
  hasNoPassword: boolean;
  onNoPassword: () => void;
}) {
  const { data: user } = useUser();
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
        if (isApiError(error) && error.code === 'INVALID_CREDENTIALS') {
          setError('currentPassword', { message: WRONG_PASSWORD_MESSAGE }, { shouldFocus: true });
          return;
        }
        if (isApiError(error) && error.code === 'NO_PASSWORD') {
          onNoPassword();
          return;
        }
        let hasFieldError = false;
        for (const issue of (isApiError(error) && error.issues) || []) {
          const field = FIELDS.find((f) => issue.path === `body.${f}`);
          if (field) {
            setError(field, { message: issue.message }, { shouldFocus: !hasFieldError });
            hasFieldError = true;
          }
        }
        if (!hasFieldError) setFormError(getErrorMessage(error));
      },
    });
  });

  return (
    <DialogBody className="flex flex-col gap-5 pt-4">
      <PanelSection
        title="Change your password"
        description="For signing in with your email. If you sign in with Google, there is no Wellspring password to change."
      >
        {hasNoPassword ? (
          <NoPasswordNote />
        ) : (
          <form
            onSubmit={onSubmit}
            noValidate
            className="flex flex-col gap-4"
            aria-label="Change your password"
          >
            {/* Lets a password manager know whose password this is. */}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={user?.email ?? ''}
              readOnly
              hidden
            />
            {formError && (
              <InlineAlert title="Your password was not changed." message={formError} />
            )}
            <TextField
              label="Current password"
              isPassword
              autoComplete="current-password"
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <TextField
              label="New password"
              isPassword
              autoComplete="new-password"
              hint="Use at least 8 characters."
              error={errors.newPassword?.message}
              {...register('newPassword')}
            />
            <TextField
              label="Confirm new password"
              isPassword
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
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
        )}
        <StatusMessage message={hasNoPassword ? '' : result} />
      </PanelSection>
    </DialogBody>
  );
}
