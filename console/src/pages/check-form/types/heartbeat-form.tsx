/** Heartbeat: how often the job pings and how late a ping may be; once saved, the URL to ping. */
import { NumberField, SelectField } from '../../../ui/form'
import { CopyButton } from '../../../ui/kit'
import { getIn, num, str, type Doc, type SectionProps } from '../draft-path'
import { cronLine } from '../heartbeat-cron'

const UNITS = ['seconds', 'minutes', 'hours', 'days'] as const

/** The ping URL of a saved heartbeat check, with a copy button and a crontab example matching its period. */
export function PingUrlPanel(props: { check: Doc }) {
  const pingUrl = str(props.check, 'heartbeat.pingUrl')
  if (!pingUrl) return null
  const line = cronLine(pingUrl, num(props.check, 'heartbeat.period') ?? 5, str(props.check, 'heartbeat.periodUnit', 'minutes'))
  return (
    <section class="card cf-ping" aria-labelledby="cf-ping-title">
      <h2 id="cf-ping-title">Ping URL</h2>
      <p class="muted">Send a GET or POST to this address each time your job finishes. A ping later than the period plus the grace time raises an alert.</p>
      <div class="cf-copy-row">
        <code class="cf-code" data-testid="ping-url">
          {pingUrl}
        </code>
        <CopyButton text={pingUrl} label="Copy ping URL" />
      </div>
      <p class="small muted">For example, in a crontab:</p>
      <div class="cf-copy-row">
        <code class="cf-code">{line}</code>
        <CopyButton text={line} label="Copy cron line" />
      </div>
    </section>
  )
}

export function HeartbeatForm(props: SectionProps) {
  const amount = (label: string, key: 'period' | 'grace', hint: string) => (
    <div class="row">
      <NumberField
        label={label}
        path={`heartbeat.${key}`}
        errors={props.errors}
        value={num(props.draft, `heartbeat.${key}`)}
        min={key === 'grace' ? 0 : 1}
        step="any"
        hint={hint}
        required
        onNumber={(n) => props.set(`heartbeat.${key}`, n)}
      />
      <SelectField
        label={`${label} unit`}
        path={`heartbeat.${key}Unit`}
        errors={props.errors}
        value={str(props.draft, `heartbeat.${key}Unit`, 'minutes')}
        options={UNITS}
        onValue={(v) => props.set(`heartbeat.${key}Unit`, v)}
      />
    </div>
  )
  return (
    <>
      {getIn(props.draft, 'id') ? <PingUrlPanel check={props.draft} /> : null}
      <fieldset>
        <legend>Heartbeat</legend>
        {amount('Period', 'period', 'How often your job pings: 30 seconds to 365 days.')}
        {amount('Grace', 'grace', 'How late a ping may be before the check fails.')}
      </fieldset>
    </>
  )
}
