/** Assertion rows: source, property, comparison, target, with each type's enums; a row shows its own API errors. */
import { useId } from 'preact/hooks'
import { errorFor, type FieldErrors } from '../../../ui/form'
import { Button } from '../../../ui/kit'

export interface Assertion {
  source: string
  comparison: string
  property: string
  target: string
  regex?: string | null
}

export const ALL_COMPARISONS = [
  'EQUALS',
  'NOT_EQUALS',
  'HAS_KEY',
  'NOT_HAS_KEY',
  'HAS_VALUE',
  'NOT_HAS_VALUE',
  'IS_EMPTY',
  'NOT_EMPTY',
  'GREATER_THAN',
  'LESS_THAN',
  'CONTAINS',
  'NOT_CONTAINS',
  'IS_NULL',
  'NOT_NULL',
] as const

/** The sources and comparisons each type's API accepts. */
export const ASSERTION_SETS = {
  api: { sources: ['STATUS_CODE', 'JSON_BODY', 'HEADERS', 'TEXT_BODY', 'RESPONSE_TIME', 'LATENCY'], comparisons: ALL_COMPARISONS },
  url: { sources: ['STATUS_CODE'], comparisons: ['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN'] },
  tcp: { sources: ['RESPONSE_DATA', 'RESPONSE_TIME'], comparisons: ['EQUALS', 'NOT_EQUALS', 'IS_EMPTY', 'NOT_EMPTY', 'LESS_THAN', 'GREATER_THAN', 'CONTAINS', 'NOT_CONTAINS'] },
  dns: { sources: ['RESPONSE_TIME', 'RESPONSE_CODE', 'TEXT_ANSWER', 'JSON_ANSWER'], comparisons: ALL_COMPARISONS },
  grpc: { sources: ['GRPC_STATUS_CODE', 'GRPC_HEALTHCHECK_STATUS', 'GRPC_RESPONSE', 'TEXT_BODY', 'GRPC_METADATA', 'RESPONSE_TIME'], comparisons: ALL_COMPARISONS },
  ssl: { sources: ['CERTIFICATE', 'CONNECTION', 'RESPONSE_TIME', 'JSON_RESPONSE', 'TEXT_RESPONSE'], comparisons: ALL_COMPARISONS },
  traceroute: { sources: ['HOP_COUNT', 'RESPONSE_TIME', 'PACKET_LOSS'], comparisons: ['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN'] },
  icmp: {
    sources: ['LATENCY', 'JSON_RESPONSE'],
    comparisons: ['EQUALS', 'NOT_EQUALS', 'IS_EMPTY', 'NOT_EMPTY', 'GREATER_THAN', 'LESS_THAN', 'CONTAINS', 'NOT_CONTAINS', 'IS_NULL', 'NOT_NULL'],
  },
} as const satisfies Record<string, { sources: readonly string[]; comparisons: readonly string[] }>

const PROPERTY_HINT: Record<string, string> = {
  JSON_BODY: '$.data.id',
  JSON_ANSWER: '$.Answer[0].data',
  JSON_RESPONSE: '$.packetLoss',
  GRPC_RESPONSE: '$.message',
  GRPC_METADATA: 'metadata key',
  CERTIFICATE: 'daysUntilExpiry, issuer, keySizeBits…',
  CONNECTION: 'tlsVersion, chainTrusted, ocspStatus…',
  TEXT_RESPONSE: 'regular expression (optional)',
  HEADERS: 'content-type',
  TEXT_BODY: 'regular expression (optional)',
  TEXT_ANSWER: 'regular expression (optional)',
  LATENCY: 'avg, min, max or stdDev',
}

const words = (v: string) => v.charAt(0) + v.slice(1).toLowerCase().replace(/_/g, ' ')

function Select(props: { label: string; value: string; options: readonly string[]; onValue: (v: string) => void; invalid: boolean }) {
  const id = useId()
  return (
    <div class="cf-cell">
      <label for={id}>{props.label}</label>
      <select id={id} value={props.value} aria-invalid={props.invalid} onChange={(e) => props.onValue(e.currentTarget.value)}>
        {props.options.map((o) => (
          <option value={o}>{words(o)}</option>
        ))}
      </select>
    </div>
  )
}

function Input(props: { label: string; value: string; placeholder?: string; onValue: (v: string) => void; invalid: boolean }) {
  const id = useId()
  return (
    <div class="cf-cell">
      <label for={id}>{props.label}</label>
      <input id={id} value={props.value} placeholder={props.placeholder} aria-invalid={props.invalid} onInput={(e) => props.onValue(e.currentTarget.value)} />
    </div>
  )
}

export function AssertionRows(props: {
  path: string
  rows: Assertion[]
  onRows: (rows: Assertion[]) => void
  errors: FieldErrors
  sources: readonly string[]
  comparisons: readonly string[]
}) {
  const change = (i: number, patch: Partial<Assertion>) => props.onRows(props.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const first = props.sources[0] ?? ''
  return (
    <fieldset class="cf-rows" data-field={props.path}>
      <legend>Assertions</legend>
      {props.rows.length === 0 ? <p class="muted small">No assertions: only errors and response time decide the result.</p> : null}
      {props.rows.map((r, i) => {
        const at = `${props.path}[${i}]`
        const bad = (p: string) => Boolean(props.errors[`${at}.${p}`])
        const error = errorFor(props.errors, at)
        return (
          <div class={`cf-assertion${error ? ' field-invalid' : ''}`} role="group" aria-label={`Assertion ${i + 1}`} data-field={at}>
            <Select label="Assertion source" value={r.source} options={props.sources} invalid={bad('source')} onValue={(v) => change(i, { source: v })} />
            <Input label="Property" value={r.property ?? ''} placeholder={PROPERTY_HINT[r.source] ?? ''} invalid={bad('property')} onValue={(v) => change(i, { property: v })} />
            <Select label="Comparison" value={r.comparison} options={props.comparisons} invalid={bad('comparison')} onValue={(v) => change(i, { comparison: v })} />
            <Input label="Target" value={r.target === null || r.target === undefined ? '' : String(r.target)} invalid={bad('target')} onValue={(v) => change(i, { target: v })} />
            <Button variant="ghost" aria-label={`Remove assertion ${i + 1}`} onClick={() => props.onRows(props.rows.filter((_, j) => j !== i))}>
              Remove
            </Button>
            {error ? (
              <small class="field-error cf-row-error" role="alert">
                {error}
              </small>
            ) : null}
          </div>
        )
      })}
      {props.errors[props.path] ? (
        <small class="field-error" role="alert">
          {props.errors[props.path]}
        </small>
      ) : null}
      <Button variant="ghost" onClick={() => props.onRows([...props.rows, { source: first, comparison: props.comparisons[0] ?? 'EQUALS', property: '', target: '', regex: null }])}>
        + Add assertion
      </Button>
    </fieldset>
  )
}
