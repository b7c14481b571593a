import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { loadLandingPage } from '@/lib/landing-page';

/**
 * DELETE /v1/account {email}: deletes the account and everything in it, and every session with
 * it. 400 CONFIRMATION_MISMATCH when the email is not the account's.
 */
export async function deleteAccount(email: string): Promise<void> {
  await apiRequest<unknown>('DELETE', '/account', { body: { email } });
}

/**
 * Once the account is gone, the browser forgets it as a logout does (stored token and id, every
 * cached query) and loads the landing page in full (decision 068). No logout call: the session
 * went with the account.
 */
export function useDeleteAccount({ onDeleted }: { onDeleted?: () => void } = {}) {
  const { signOut } = useSession();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      onDeleted?.();
      signOut({ isEndedOnServer: true });
      loadLandingPage();
    },
  });
}
