/** The tests of a browser, multi-step or Playwright run with their outcome, and the errors the page raised. */
import { formatMs } from '../../../lib/format'
import { Badge, Card, TableWrap } from '../../../ui/kit'
import type { ResultDetails } from '../types'
import { asRecord, text } from './result-parts'

const TONE: Record<string, 'ok' | 'failing' | 'degraded' | 'muted'> = { passed: 'ok', failed: 'failing', timedOut: 'failing', flaky: 'degraded', skipped: 'muted' }

export function BrowserTests(props: { details: ResultDetails }) {
  const tests = Array.isArray(props.details.tests) ? props.details.tests.map(asRecord) : []
  const errors = Array.isArray(props.details.errors) ? props.details.errors.map(text) : []
  return (
    <>
      {tests.length > 0 ? (
        <Card title="Tests">
          <TableWrap label="Tests">
            <table>
              <caption class="visually-hidden">Tests</caption>
              <thead>
                <tr>
                  <th scope="col">Result</th>
                  <th scope="col">Test</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Error</th>
                </tr>
              </thead>
              <tbody>
                {tests.map((t) => (
                  <tr>
                    <td>
                      <Badge tone={TONE[text(t.status)] ?? 'muted'}>{text(t.status)}</Badge>
                    </td>
                    <td>{text(t.title)}</td>
                    <td class="num">{formatMs(typeof t.durationMs === 'number' ? t.durationMs : null)}</td>
                    <td class="small error-cell">{text(asRecord(t.error).message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </Card>
      ) : null}
      {errors.length > 0 ? (
        <Card title="Errors">
          <ul class="error-list">
            {errors.map((e) => (
              <li class="mono small">{e}</li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  )
}
