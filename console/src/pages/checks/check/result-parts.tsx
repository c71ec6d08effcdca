/** Small parts of a result's page: key-value lists, assertions with pass/fail, the job log, a body preview. */
import type { ComponentChildren } from 'preact'
import { Badge, TableWrap } from '../../../ui/kit'
import type { Assertion } from '../types'

export const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {})
export const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v))

export function Facts(props: { items: Array<[string, ComponentChildren]> }) {
  const items = props.items.filter(([, v]) => v !== null && v !== undefined && v !== '')
  return (
    <dl class="facts">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Headers as the API stores them: an object, or a list of {key, value}. */
export function HeadersTable(props: { headers: unknown; caption: string }) {
  const entries: Array<[string, string]> = Array.isArray(props.headers)
    ? props.headers.map((h) => asRecord(h)).map((h) => [text(h.key), text(h.value)])
    : Object.entries(asRecord(props.headers)).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : text(v)])
  if (entries.length === 0) return <p class="muted small">No headers.</p>
  return (
    <TableWrap label={props.caption}>
      <table class="kv">
        <caption class="visually-hidden">{props.caption}</caption>
        <tbody>
          {entries.map(([k, v]) => (
            <tr>
              <th scope="row" class="mono">
                {k}
              </th>
              <td class="mono">{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

/** A body, pretty-printed when it is JSON. */
export function BodyPreview(props: { body: unknown; truncated?: boolean; label: string }) {
  const raw = text(props.body)
  if (raw === '') return <p class="muted small">Empty body.</p>
  let shown = raw
  try {
    shown = JSON.stringify(JSON.parse(raw), null, 2)
  } catch {
    // not JSON: as it came
  }
  return (
    <>
      <pre aria-label={props.label} tabIndex={0}>
        {shown.length > 100_000 ? `${shown.slice(0, 100_000)}\n…` : shown}
      </pre>
      {props.truncated ? <p class="muted small">The body was cut to the size Picket keeps.</p> : null}
    </>
  )
}

export function Assertions(props: { assertions: Assertion[] }) {
  if (props.assertions.length === 0) return <p class="muted">This check has no assertions.</p>
  return (
    <TableWrap label="Assertions">
      <table>
        <caption class="visually-hidden">Assertions</caption>
        <thead>
          <tr>
            <th scope="col">Result</th>
            <th scope="col">Source</th>
            <th scope="col">Property</th>
            <th scope="col">Comparison</th>
            <th scope="col">Target</th>
            <th scope="col">Actual</th>
          </tr>
        </thead>
        <tbody>
          {props.assertions.map((a) => (
            <tr>
              <td>{a.passed ? <Badge tone="ok">Passed</Badge> : <Badge tone="failing">Failed</Badge>}</td>
              <td class="mono">{a.source}</td>
              <td class="mono">{a.property || '–'}</td>
              <td class="mono">{a.comparison}</td>
              <td class="mono">{a.target || '–'}</td>
              <td class="mono error-cell">
                {text(a.actual) || '–'}
                {a.error ? <div class="field-error small">{a.error}</div> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

export function JobLog(props: { lines: string[] }) {
  if (props.lines.length === 0) return <p class="muted">Nothing was logged.</p>
  return (
    <pre class="job-log" aria-label="Log" tabIndex={0}>
      {props.lines.join('\n')}
    </pre>
  )
}
