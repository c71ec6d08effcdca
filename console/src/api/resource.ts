/**
 * The five operations of a plain API resource at `root` (`/v1/<resource>[/:id]`): list a page, get, create,
 * replace or update, delete. The simple settings pages drive them through one generic page and form.
 */
import { api, qs } from './client'
import { read, readPage, seg, type Page, type PageQuery, type Read } from './read'

/**
 * A body as a form sends it: the contract's fields, where one the person left empty may be null or missing. The
 * console does not validate before sending; the server does, and its 400 names each wrong field by its path, which
 * the form shows beside the field.
 */
export type FormBody<T> = { [K in keyof T]?: T[K] | null }

export interface Resource<TView, TCreate, TUpdate = TCreate> {
  /** The path every operation's path starts with: what a change refreshes. */
  readonly root: string
  list(query?: PageQuery): Read<Page<TView>>
  get(id: string | number): Read<TView>
  create(body: FormBody<TCreate>): Promise<TView>
  update(id: string | number, body: FormBody<TUpdate>): Promise<TView>
  remove(id: string | number): Promise<void>
}

export function resource<TView, TCreate, TUpdate = TCreate>(root: string): Resource<TView, TCreate, TUpdate> {
  return {
    root,
    list: (query = {}) => readPage<TView>(`${root}${qs({ ...query })}`),
    get: (id) => read<TView>(`${root}/${seg(id)}`),
    create: (body) => api.post<TView>(root, body),
    update: (id, body) => api.put<TView>(`${root}/${seg(id)}`, body),
    remove: (id) => api.del(`${root}/${seg(id)}`),
  }
}
