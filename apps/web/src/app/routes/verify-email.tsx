import { useState } from 'react';
import { useLocation } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { readLinkToken } from '@/features/auth/api/email-links';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';

/** Where the verification email's link leads: `#token=…`, posted once. */
export function VerifyEmailPage() {
  const location = useLocation();
  const [token] = useState(() => readLinkToken(location));
  return (
    <AuthLayout
      title="Confirm your email"
      subtitle="The link from our email shows that this address is yours."
      showGoogleSignIn={false}
      footer={
        // A full load: the app never renders the landing page (decision 068).
        <a
          href={paths.home.landing}
          className="font-semibold text-brand-violet underline-offset-4 hover:underline"
        >
          Back to Wellspring
        </a>
      }
    >
      <VerifyEmailStatus token={token} />
    </AuthLayout>
  );
}
