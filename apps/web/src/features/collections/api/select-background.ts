import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Background } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { userKeys, useSession } from '@/lib/auth';
import { backgroundKeys } from './background-keys';

/** PATCH /v1/background/user?id= {backgroundId}: selects an owned background. */
export async function selectBackground(userId: string, backgroundId: string): Promise<Background> {
  const body = await api.patch<SuccessBody<Background>>(
    '/background/user',
    { backgroundId },
    { query: { id: userId } },
  );
  return body.data;
}

/**
 * Selects a background. The user data holds selectedBackgroundURL (the dashboard header reads
 * it), so it is refreshed along with the collection.
 */
export function useSelectBackground() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (background: Pick<Background, 'id'>) =>
      selectBackground(userId ?? '', background.id),
    onSuccess: (selected) => {
      if (userId) {
        queryClient.setQueryData<Background[]>(backgroundKeys.owned(userId), (owned) =>
          owned?.map((b) => ({ ...b, selected: b.id === selected.id })),
        );
      }
      void queryClient.invalidateQueries({ queryKey: backgroundKeys.all });
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
