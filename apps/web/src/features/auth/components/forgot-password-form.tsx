import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { paths } from '@/config/paths';
import { describeError, getFieldErrors } from '@/lib/error-messages';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useRequestPasswordReset } from '../api/email-links';
import type { ForgotPasswordFormValues } from '../form-schemas';
import { FormAlert } from './form-alert';

/** The contract's rule of an email (ForgotPasswordFormSchema), loaded on the form's first focus. */
const resolver = lazyResolver(async () => (await import('../form-schemas')).forgotPasswordResolver);

/**
 * "Forgot password?": asks for the email and says the same thing whether or not it has an
 * account, as the server does, so the page tells nobody which addresses are signed up.
 */
export function ForgotPasswordForm() {
  const mutation = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues>({
    resolver,
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(
      { email: values.email },
      {
        onError: (error) => {
          const message = getFieldErrors(error).email;
          if (message) setError('email', { message });
        },
      },
    );
  });

  if (mutation.isSuccess) {
    return (
      <div role="status" className="flex flex-col gap-4 rounded-2xl bg-violet-50 p-5 text-ink">
        <MailCheck className="size-6 text-brand-violet" aria-hidden />
        <p>
          If an account exists for <strong className="break-all">{getValues('email')}</strong>,
          we&rsquo;ve sent it a link to choose a new password. The link works for one hour.
        </p>
        <p className="text-sm text-ink-soft">
          Nothing in your inbox after a few minutes? Check the spam folder, or make sure you typed
          the address you signed up with.
        </p>
        <Link
          to={paths.login}
          className="font-semibold text-brand-violet underline-offset-4 hover:underline"
        >
          Back to login
        </Link>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Ask for a password reset link"
    >
      {mutation.isError && !errors.email && <FormAlert message={describeError(mutation.error)} />}
      <EmailField field={register('email')} error={errors.email?.message} />
      <Button type="submit" size="lg" className="mt-2 w-full" isLoading={mutation.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
