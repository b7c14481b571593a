import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Background, User } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { userKeys } from '@/lib/query-keys';

/** PATCH /v1/background/user?id= {backgroundId}: selects an owned background; answers it. */
export async function selectBackground(userId: string, backgroundId: string): Promise<Background> {
  const body = await api.patch<SuccessBody<Background>>(
    '/background/user',
    { backgroundId },
    { query: { id: userId } },
  );
  return body.data;
}

/**
 * Selects a background. What is selected is the user's selectedBackgroundURL (the collection and
 * the dashboard header read it), so the user data takes the answered URL at once and is then
 * refreshed from the server.
 */
export function useSelectBackground() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (background: Pick<Background, 'id'>) =>
      selectBackground(userId ?? '', background.id),
    onSuccess: (selected) => {
      if (userId) {
        queryClient.setQueryData<User>(userKeys.detail(userId), (user) =>
          user ? { ...user, selectedBackgroundURL: selected.URL } : user,
        );
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
