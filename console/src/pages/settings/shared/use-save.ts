/** Create-or-update and delete of a resource at `/v1/<resource>[/:id]`, refreshing its lists. */
import { useLocation } from 'wouter-preact'
import { api } from '../../../api/client'
import { useApiMutation } from '../../../api/hooks'

export function useSaveResource<TBody, TResult extends Record<string, unknown>>(opts: {
  apiPath: string
  id: string | number | undefined
  listHref: string
  idOf: (r: TResult) => string | number
}) {
  const [, navigate] = useLocation()
  const at = opts.id === undefined ? '' : `${opts.apiPath}/${encodeURIComponent(String(opts.id))}`
  const save = useApiMutation((body: TBody) => (at ? api.put<TResult>(at, body) : api.post<TResult>(opts.apiPath, body)), [opts.apiPath])
  const remove = useApiMutation(() => api.del(at), [opts.apiPath])
  return {
    save,
    remove,
    /** Saves; a new record's page opens once it exists. */
    submit: async (body: TBody) => {
      const saved = await save.mutateAsync(body).catch(() => null)
      if (saved && !at) navigate(`${opts.listHref}/${encodeURIComponent(String(opts.idOf(saved)))}`, { replace: true })
      return saved
    },
    /** Deletes, then back to the list. */
    removeAndLeave: () =>
      remove.mutateAsync(undefined).then(
        () => navigate(opts.listHref),
        () => undefined,
      ),
  }
}
