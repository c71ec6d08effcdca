/** Previous / next page controls for a paged list, with "41–60 of 75". */
import { Button } from '../../ui/kit'

export function Pager(props: { page: number; limit: number; total: number | null; count: number; onPage: (page: number) => void; label?: string }) {
  const { page, limit, total, count } = props
  const last = total === null ? (count < limit ? page : page + 1) : Math.max(1, Math.ceil(total / limit))
  if (page <= 1 && last <= 1) return null
  const first = (page - 1) * limit + 1
  return (
    <nav class="pager" aria-label={props.label ?? 'Pages'}>
      <Button onClick={() => props.onPage(page - 1)} disabled={page <= 1}>
        ← Previous
      </Button>
      <span class="muted small" aria-live="polite">
        {count > 0 ? `${first}–${first + count - 1}` : 'None'}
        {total !== null ? ` of ${total}` : ''} · page {page}
        {total !== null ? ` of ${last}` : ''}
      </span>
      <Button onClick={() => props.onPage(page + 1)} disabled={page >= last}>
        Next →
      </Button>
    </nav>
  )
}
