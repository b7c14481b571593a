import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity } from '@wellspring/shared';
import { useCallback } from 'react';
import { useSession } from '@/lib/auth';
import { activityKeys } from '@/lib/query-keys';
import {
  applyPositionChanges,
  planActivityMove,
  type MoveDirection,
  type PositionChange,
} from '../utils/plan-activity-move';
import { updateActivity } from './update-activity';

/** The moves' one mutation scope: the mutation cache runs them one after another. */
const MOVE_SCOPE = 'activity-moves';

/**
 * Moves an activity up or down in its group: the list takes the new order at once, and the
 * places are saved one PATCH /v1/activities/:activityId each. Moves run one after another (one
 * mutation scope), each planned on the order the one before left, so quick presses all count;
 * the list is read again once the last is over, or after a failure.
 */
export function useMoveActivity({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const { mutate } = useMutation({
    scope: { id: MOVE_SCOPE },
    mutationFn: async (changes: PositionChange[]) => {
      for (const { activityId, position } of changes) {
        await updateActivity(userId ?? '', { activityId, body: { position } });
      }
    },
    // Here, not on mutate: a call's own callbacks run for the latest call only.
    onError: (error) => onError?.(error),
    onSettled: (_data, error) => {
      const moves = queryClient.isMutating({
        predicate: (mutation) => mutation.options.scope?.id === MOVE_SCOPE,
      });
      // The last one (this one) reads the list again; earlier ones would show a middle state.
      if (error || moves <= 1) {
        return queryClient.invalidateQueries({ queryKey: activityKeys.all });
      }
    },
  });

  /** Moves it and answers the list in its new order; nothing when it cannot go that way. */
  const move = useCallback(
    (activityId: string, direction: MoveDirection) => {
      if (!userId) return undefined;
      const key = activityKeys.list(userId);
      const list = queryClient.getQueryData<Activity[]>(key);
      const changes = list ? planActivityMove(list, activityId, direction) : [];
      if (!list || changes.length === 0) return undefined;
      // A read in flight must not put the old order back.
      void queryClient.cancelQueries({ queryKey: key });
      const moved = applyPositionChanges(list, changes);
      queryClient.setQueryData<Activity[]>(key, moved);
      mutate(changes);
      return moved;
    },
    [userId, queryClient, mutate],
  );

  return move;
}
