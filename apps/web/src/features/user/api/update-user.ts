import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { userKeys, useSession } from '@/lib/auth';

/** PATCH /v1/user?id=: answers the updated user. */
export async function updateUser(userId: string, body: UpdateUserBody): Promise<User> {
  const answer = await api.patch<SuccessBody<User>>('/user', body, { query: { id: userId } });
  return answer.data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(userId ?? '', body),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
