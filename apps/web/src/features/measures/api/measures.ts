import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMeasureResultBody,
  MeasureId,
  MeasureResult,
  SupportResource,
} from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { measureKeys, supportResourceKeys } from '@/lib/query-keys';

/*
 * The questionnaires (decision 083). Their wording comes from the shared package, the same the
 * server scores with; the results and the crisis resources from the API. Types from the contract.
 */

/** The most results the screens read: more than five years of one every two weeks, per measure. */
const RESULTS_READ = 100;

export async function listMeasureResults(
  userId: string,
  signal?: AbortSignal,
): Promise<MeasureResult[]> {
  const body = await api.get<SuccessBody<MeasureResult[]>>('/measure-results', {
    query: { id: userId, limit: String(RESULTS_READ) },
    signal,
  });
  return body.data;
}

export function useMeasureResults() {
  const { token, userId } = useSession();
  return useQuery({
    queryKey: measureKeys.results(userId ?? ''),
    queryFn: ({ signal }) => listMeasureResults(userId ?? '', signal),
    enabled: Boolean(token && userId),
  });
}

export function useRecordMeasure(measure: MeasureId) {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateMeasureResultBody) => {
      const answer = await api.post<SuccessBody<MeasureResult>>(
        `/measures/${measure}/results`,
        body,
        { query: { id: userId ?? '' } },
      );
      return answer.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: measureKeys.all }),
  });
}

export async function getSupportResources(signal?: AbortSignal): Promise<SupportResource[]> {
  const body = await api.get<SuccessBody<{ resources: SupportResource[] }>>('/support-resources', {
    signal,
  });
  return body.data.resources;
}

/** The deployment's crisis resources; they seldom change, so they are kept for the session. */
export function useSupportResources() {
  const { token } = useSession();
  return useQuery({
    queryKey: supportResourceKeys.all,
    queryFn: ({ signal }) => getSupportResources(signal),
    enabled: Boolean(token),
    staleTime: Infinity,
  });
}
