import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Tell us the email you signed up with, and we will send you a link to choose a new one."
      showGoogleSignIn={false}
      footer={
        <>
          Remembered it?{' '}
          <Link
            to={paths.login}
            className="font-semibold text-brand-violet underline-offset-4 hover:underline"
          >
            Login
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
