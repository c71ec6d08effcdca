/** Queries and mutations over the API, cached by path (TanStack Query). */
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/preact-query'
import type { ApiError } from './client'
import type { Read } from './read'

/** Runs a read of the typed client (null: not yet), cached under its path; `refetchInterval` keeps a view live. */
export function useApi<T>(source: Read<T> | null, options: Omit<UseQueryOptions<T, ApiError>, 'queryKey' | 'queryFn'> = {}) {
  return useQuery<T, ApiError>({
    queryKey: source?.key ?? [null],
    queryFn: () => (source ? source.fetch() : Promise.reject(new Error('no read'))),
    enabled: source !== null,
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
