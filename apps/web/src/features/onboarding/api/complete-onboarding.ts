import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchUser, userKeys, useSession } from '@/lib/auth';

/** PATCH /v1/user?id= {hasOnboarded: true}: onboarding is done, for good. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: () => patchUser(userId ?? '', { hasOnboarded: true }),
    onSuccess: (user) => queryClient.setQueryData(userKeys.detail(user.id), user),
  });
}
