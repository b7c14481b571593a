import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { readLinkToken } from '@/features/auth/api/email-links';
import { FormAlert } from '@/features/auth/components/form-alert';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

const linkClasses = 'font-semibold text-brand-violet underline-offset-4 hover:underline';

/** Where the reset email's link leads: `#token=…`, then a new password. */
export function ResetPasswordPage() {
  const location = useLocation();
  // Read once: the page keeps the token while the person types.
  const [token] = useState(() => readLinkToken(location));
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Pick a password you do not use anywhere else."
      showGoogleSignIn={false}
      footer={
        <Link to={paths.login} className={linkClasses}>
          Back to login
        </Link>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="flex flex-col gap-4">
          <FormAlert message="This link is incomplete. Please open the whole link from the email." />
          <Link to={paths.forgotPassword} className={linkClasses}>
            Ask for a new link
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
