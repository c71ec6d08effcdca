/** Queries and mutations over the API, cached by path (TanStack Query). */
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/preact-query'
import { api, request, totalOf, type ApiError } from './client'

/** GET `path`, cached under the path; `refetchInterval` keeps a view live without a reload. */
export function useApi<T>(path: string | null, options: Omit<UseQueryOptions<T, ApiError>, 'queryKey' | 'queryFn'> = {}) {
  return useQuery<T, ApiError>({ queryKey: [path], queryFn: () => api.get<T>(path ?? ''), enabled: path !== null, ...options })
}

/** GET a paged list: the rows and the total from Content-Range. */
export function useApiList<T>(path: string | null, options: { refetchInterval?: number } = {}) {
  return useQuery<{ rows: T[]; total: number | null }, ApiError>({
    queryKey: [path],
    enabled: path !== null,
    queryFn: async () => {
      const r = await request<T[]>('GET', path ?? '')
      return { rows: r.data, total: totalOf(r.headers) }
    },
    ...options,
  })
}

/**
 * A change through the API; on success every cached query whose path starts with one of `invalidate` is
 * refetched.
 */
export function useApiMutation<TBody, TResult = unknown>(fn: (body: TBody) => Promise<TResult>, invalidate: string[] = []) {
  const client = useQueryClient()
  return useMutation<TResult, ApiError, TBody>({
    mutationFn: fn,
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (q) => invalidate.some((prefix) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(prefix)),
      }),
  })
}
