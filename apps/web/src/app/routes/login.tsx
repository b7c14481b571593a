import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';

export function LoginPage() {
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to check in with yourself today."
      footer={
        <>
          Don't have an account?{' '}
          <Link
            to={paths.register}
            className="font-semibold text-brand-violet underline-offset-4 hover:underline"
          >
            Sign Up
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}
