/** A check's status as a coloured badge (passing, failing, degraded, pending; paused when deactivated). */
import { Badge, type Tone } from '../../ui/kit'

const TONES: Record<string, Tone> = { passing: 'ok', failing: 'failing', degraded: 'degraded', pending: 'muted' }
const LABELS: Record<string, string> = { passing: 'Passing', failing: 'Failing', degraded: 'Degraded', pending: 'Pending' }

export function StatusBadge(props: { status: string | undefined; title?: string }) {
  const s = props.status ?? 'pending'
  return (
    <Badge tone={TONES[s] ?? 'muted'} title={props.title}>
      {LABELS[s] ?? s}
    </Badge>
  )
}
