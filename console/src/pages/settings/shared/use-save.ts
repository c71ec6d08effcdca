/** Create-or-update and delete of a resource of the typed client, refreshing its lists. */
import { useLocation } from 'wouter-preact'
import { useApiMutation } from '../../../api/hooks'
import type { FormBody, Resource } from '../../../api/resource'

export function useSaveResource<TResult, TCreate, TUpdate>(opts: {
  resource: Resource<TResult, TCreate, TUpdate>
  id: string | number | undefined
  listHref: string
  idOf: (r: TResult) => string | number
}) {
  const [, navigate] = useLocation()
  const { resource, id } = opts
  const save = useApiMutation((body: FormBody<TCreate> & FormBody<TUpdate>) => (id === undefined ? resource.create(body) : resource.update(id, body)), [resource.root])
  const remove = useApiMutation(() => (id === undefined ? Promise.resolve() : resource.remove(id)), [resource.root])
  return {
    save,
    remove,
    /** Saves; a new record's page opens once it exists. */
    submit: async (body: FormBody<TCreate> & FormBody<TUpdate>) => {
      const saved = await save.mutateAsync(body).catch(() => null)
      if (saved && id === undefined) navigate(`${opts.listHref}/${encodeURIComponent(String(opts.idOf(saved)))}`, { replace: true })
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
