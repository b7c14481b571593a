import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { getLoginRedirect, useSession } from '@/lib/auth';
import { getBrowserTimeZone } from '@/lib/format';
import { describeError, getFieldErrors } from '@/lib/error-messages';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useLogin } from '../api/login';
import type { LoginFormValues } from '../form-schemas';
import { FormAlert } from './form-alert';

/** The contract's rules of a sign-in (LoginFormSchema), loaded on the form's first focus. */
const resolver = lazyResolver(async () => (await import('../form-schemas')).loginResolver);

export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    loginMutation.mutate(
      { email: values.email, password: values.password, timeZone: getBrowserTimeZone() },
      {
        onSuccess: (answer) => {
          signIn(answer);
          void navigate(getLoginRedirect(answer.userData), { replace: true });
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(getFieldErrors(error))) {
            if (field === 'email' || field === 'password') setError(field, { message });
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
      aria-label="Log in"
    >
      {loginMutation.isError && <FormAlert message={describeError(loginMutation.error)} />}
      <EmailField field={register('email')} error={errors.email?.message} />
      <TextField
        label="Password"
        isPassword
        autoComplete="current-password"
        placeholder="Your password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Link
        to={paths.forgotPassword}
        className="-mt-2 self-end rounded text-sm font-medium text-brand-violet underline-offset-4 hover:underline"
      >
        Forgot password?
      </Link>
      <Button type="submit" size="lg" className="mt-2 w-full" isLoading={loginMutation.isPending}>
        Log In
      </Button>
    </form>
  );
}
