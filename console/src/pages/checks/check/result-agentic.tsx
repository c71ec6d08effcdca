/**
 * What an agentic run did and concluded: the agent's summary, each condition with its verdict, what it saw and what
 * was expected, the steps as a timeline of tool calls (with what they returned) and messages, and its suggestions.
 * Screenshots and the trace are the result's assets, shown by the page's assets card.
 */
import { formatDateTime } from '../../../lib/format'
import { Badge, Card, TableWrap } from '../../../ui/kit'
import type { ResultDetails } from '../types'
import { agentTimeline, type TimelineEntry } from './agentic-timeline'
import { Facts, asRecord, text } from './result-parts'

/** Tool output longer than this is folded behind "Show all" so the timeline stays readable. */
const SHORT = 280

function Output(props: { text: string }) {
  const pre = (
    <pre class="agent-output" tabIndex={0} aria-label="Tool output">
      {props.text}
    </pre>
  )
  if (props.text.length <= SHORT) return pre
  return (
    <details class="agent-output-more">
      <summary>
        <span class="agent-output-head">{props.text.slice(0, SHORT)}…</span> Show all ({props.text.length} characters)
      </summary>
      {pre}
    </details>
  )
}

function Step(props: { e: TimelineEntry }) {
  const e = props.e
  const time = e.at ? <time dateTime={e.at}>{formatDateTime(e.at)}</time> : null
  if (e.kind === 'message') {
    return (
      <li class="agent-step agent-message">
        <div class="agent-step-head">
          <Badge tone="info">Agent</Badge> <span class="muted small">#{e.n}</span> <span class="muted small">{time}</span>
        </div>
        <p class="agent-text">{e.text}</p>
      </li>
    )
  }
  return (
    <li class="agent-step">
      <div class="agent-step-head">
        <Badge tone="muted">Tool</Badge> <strong class="mono">{e.name}</strong> <span class="muted small">#{e.n}</span> <span class="muted small">{time}</span>
      </div>
      {e.input.length > 0 ? (
        <dl class="agent-input">
          {e.input.map(([k, v]) => (
            <div>
              <dt>{k}</dt>
              <dd class="mono">{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {e.output !== null && e.output !== '' ? <Output text={e.output} /> : null}
    </li>
  )
}

function Conditions(props: { rows: Array<Record<string, unknown>> }) {
  if (props.rows.length === 0) return <p class="muted">This check has no conditions.</p>
  return (
    <TableWrap label="Conditions">
      <table>
        <caption class="visually-hidden">Conditions the agent judged</caption>
        <thead>
          <tr>
            <th scope="col">Result</th>
            <th scope="col">Condition</th>
            <th scope="col">Expected</th>
            <th scope="col">Actual</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((a) => (
            <tr>
              <td>{a.passed === true ? <Badge tone="ok">Passed</Badge> : <Badge tone="failing">Failed</Badge>}</td>
              <td class="wrap-cell">{text(a.condition)}</td>
              <td class="wrap-cell">{text(a.expected) || '–'}</td>
              <td class="wrap-cell">{text(a.actual) || '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

export function AgenticRun(props: { d: ResultDetails }) {
  const d = props.d
  const conditions = Array.isArray(d.assertions) ? (d.assertions as unknown[]).map(asRecord) : []
  const suggestions = Array.isArray(d.suggestions) ? (d.suggestions as unknown[]).map(text).filter((s) => s !== '') : []
  const errors = Array.isArray(d.errors) ? (d.errors as unknown[]).map(asRecord) : []
  const usage = asRecord(d.usage)
  const timeline = agentTimeline(d.steps)
  return (
    <>
      <Card title="Agent's summary">
        {text(d.summary) !== '' ? <p class="agent-text">{text(d.summary)}</p> : <p class="muted">The agent gave no summary.</p>}
        {errors.map((e) => (
          <p class="field-error">
            {e.kind ? <strong>{text(e.kind)}: </strong> : null}
            {text(e.message)}
          </p>
        ))}
        <Facts
          items={[
            ['Model turns', text(usage.modelTurns)],
            ['Tokens', typeof usage.totalTokens === 'number' ? usage.totalTokens.toLocaleString('en') : ''],
          ]}
        />
      </Card>
      <Card title="Conditions">
        <Conditions rows={conditions} />
      </Card>
      <Card title="Steps">
        {timeline.length === 0 ? (
          <p class="muted">No steps were recorded.</p>
        ) : (
          <ol class="agent-steps" aria-label="Steps of the agent">
            {timeline.map((e) => (
              <Step e={e} />
            ))}
          </ol>
        )}
      </Card>
      {suggestions.length > 0 ? (
        <Card title="Suggestions">
          <ul>
            {suggestions.map((s) => (
              <li>{s}</li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  )
}
