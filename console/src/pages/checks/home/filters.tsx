/** Filters of the check list: name, type, status and tags, kept in the URL. Selects apply at once, text as you type. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { SelectField, TextField } from '../../../ui/form'
import { Button } from '../../../ui/kit'
import { CHECK_STATUSES, CHECK_TYPE_OPTIONS } from '../types'
import { hasFilters, type HomeFilters } from './filters-query'

const splitTags = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
  ),
]

export function Filters(props: { filters: HomeFilters; onChange: (next: HomeFilters, replace?: boolean) => void }) {
  const f = props.filters
  const [name, setName] = useState(f.name)
  const [tags, setTags] = useState(f.tags.join(', '))
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  // The URL wins when it changes from elsewhere (back button, a tag clicked in the list, Clear).
  useEffect(() => setName(f.name), [f.name])
  useEffect(() => setTags(f.tags.join(', ')), [f.tags.join('\u0000')])
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), [])

  const change = (patch: Partial<HomeFilters>, replace = false) => props.onChange({ ...f, ...patch, page: 1 }, replace)
  const typeName = (value: string) => {
    setName(value)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => change({ name: value }, true), 300)
  }
  const applyTags = () => {
    const next = splitTags(tags)
    if (next.join('\u0000') !== f.tags.join('\u0000')) change({ tags: next })
  }

  return (
    <form
      class="row check-filters"
      role="search"
      aria-label="Filter checks"
      onSubmit={(e) => {
        e.preventDefault()
        if (timer.current) clearTimeout(timer.current)
        change({ name, tags: splitTags(tags) })
      }}
    >
      <TextField label="Name" path="search" errors={{}} value={name} onValue={typeName} type="search" placeholder="Search by name" />
      <SelectField
        label="Type"
        path="checkType"
        errors={{}}
        value={f.type}
        options={[{ value: '', label: 'All types' }, ...CHECK_TYPE_OPTIONS]}
        onValue={(v) => change({ type: v })}
      />
      <SelectField
        label="Status"
        path="status"
        errors={{}}
        value={f.status}
        options={[{ value: '', label: 'Any status' }, ...CHECK_STATUSES.map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) }))]}
        onValue={(v) => change({ status: v })}
      />
      <TextField
        label="Tags"
        path="tag"
        errors={{}}
        value={tags}
        onValue={setTags}
        onBlur={applyTags}
        placeholder="prod, api"
        title="Comma-separated; checks with any of these tags"
      />
      <div class="field check-filter-actions">
        <Button type="submit">Apply</Button>
        {hasFilters(f) ? (
          <Button variant="ghost" onClick={() => props.onChange({ tags: [], type: '', status: '', name: '', page: 1 })}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </form>
  )
}
