import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { Checkbox, TextField } from '@/components/ui/field';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { describeError, getFieldErrors } from '@/lib/error-messages';
import { getBrowserTimeZone } from '@/lib/format';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useRegister } from '../api/register';
import type { RegisterFormValues } from '../form-schemas';
import { FormAlert } from './form-alert';

/** The contract's rules of a registration (RegisterFormSchema), loaded on the form's first focus. */
const resolver = lazyResolver(async () => (await import('../form-schemas')).registerResolver);

const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'terms'] as const;

/** Opens beside the form, so what is typed here stays as it is. */
function NewTabLink({ to, children }: { to: string; children: string }) {
  return (
    <a
      href={to}
      target="_blank"
      rel="noopener"
      className="font-semibold text-brand-violet underline underline-offset-2"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function RegisterForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterFormValues>({
    resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', terms: false },
  });

  const onSubmit = handleSubmit((values) => {
    registerMutation.mutate(
      { ...values, terms: true, timeZone: getBrowserTimeZone() },
      {
        onSuccess: (answer) => {
          signIn(answer);
          void navigate(paths.onboarding.step1, { replace: true });
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(getFieldErrors(error))) {
            const known = FIELDS.find((f) => f === field);
            if (known) setError(known, { message });
          }
        },
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Create an account"
    >
      {registerMutation.isError && <FormAlert message={describeError(registerMutation.error)} />}
      <TextField
        label="Username"
        autoComplete="name"
        placeholder="What should we call you?"
        error={errors.name?.message}
        {...register('name')}
      />
      <EmailField field={register('email')} error={errors.email?.message} />
      <NewPasswordFields
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
        password={{ field: register('password'), error: errors.password?.message }}
        confirm={{ field: register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <Checkbox
        label={
          <>
            I agree to the <NewTabLink to={paths.terms}>Terms of Use</NewTabLink> and the{' '}
            <NewTabLink to={paths.privacy}>Privacy Policy</NewTabLink>.
          </>
        }
        error={errors.terms?.message}
        {...register('terms')}
      />
      <Button
        type="submit"
        size="lg"
        className="mt-2 w-full"
        isLoading={registerMutation.isPending}
      >
        Sign Up
      </Button>
    </form>
  );
}
