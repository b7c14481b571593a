import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';

export function RegisterPage() {
  return (
    <AuthLayout
      title="Create an Account"
      subtitle="A few details and you are ready to set your first goal."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={paths.login}
            className="font-semibold text-brand-violet underline-offset-4 hover:underline"
          >
            Login
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthLayout>
  );
}
