/**
 * SSL monitor: the server (host, port, the name sent as SNI), when the certificate's expiry starts to degrade runs,
 * the chain check, the security baseline (each rule fails, degrades or is only reported) and assertions.
 */
import { CheckboxField, NumberField, SelectField, TextField } from '../../../ui/form'
import { bool, list, num, str, type SectionProps } from '../draft-path'
import { AssertionRows, ASSERTION_SETS, type Assertion } from '../sections/assertions'
import { HostPortFields } from '../sections/host-port'
import { IpFamilyField } from '../sections/request-builder'
import { ResponseTimeFields } from '../sections/response-times'
import { BASELINE_RULES, SEVERITIES } from '../ssl-baseline'

const CONFIG = 'request.sslConfig'
const BASELINE = `${CONFIG}.securityBaseline`
type Severity = (typeof SEVERITIES)[number]['value']
const TLS_VERSIONS = ['TLS1.2', 'TLS1.3'] as const

function BaselineRule(props: SectionProps & { rule: string; label: string; value?: 'tls' | 'bits' }) {
  const at = `${BASELINE}.${props.rule}`
  return (
    <div class="row">
      {props.value === 'tls' ? (
        <SelectField
          label={props.label}
          path={`${at}.value`}
          errors={props.errors}
          value={str(props.draft, `${at}.value`, 'TLS1.2') as (typeof TLS_VERSIONS)[number]}
          options={TLS_VERSIONS}
          onValue={(v) => props.set(`${at}.value`, v)}
        />
      ) : props.value === 'bits' ? (
        <NumberField
          label={props.label}
          path={`${at}.value`}
          errors={props.errors}
          value={num(props.draft, `${at}.value`)}
          min={1024}
          max={16384}
          onNumber={(n) => props.set(`${at}.value`, n)}
        />
      ) : null}
      <SelectField
        label={props.value ? `${props.label}: when not met` : props.label}
        path={`${at}.severity`}
        errors={props.errors}
        value={str(props.draft, `${at}.severity`, 'ignore') as Severity}
        options={SEVERITIES}
        onValue={(v) => props.set(`${at}.severity`, v)}
      />
    </div>
  )
}

function BaselineFields(props: SectionProps) {
  const enabled = bool(props.draft, `${BASELINE}.enabled`, true)
  return (
    <fieldset>
      <legend>Security baseline</legend>
      <CheckboxField
        label="Judge the server against the security baseline"
        path={`${BASELINE}.enabled`}
        errors={props.errors}
        checked={enabled}
        hint="Off: only expiry, chain, host name and revocation decide the run."
        onChecked={(v) => props.set(`${BASELINE}.enabled`, v)}
      />
      {enabled ? BASELINE_RULES.map((r) => <BaselineRule key={r.rule} {...props} {...r} />) : null}
    </fieldset>
  )
}

export function SslForm(props: SectionProps) {
  return (
    <>
      <fieldset>
        <legend>Server</legend>
        <HostPortFields {...props} hostPath={`${CONFIG}.hostname`} placeholder="shop.example.com" portPath={`${CONFIG}.port`} portHint="Default 443" />
        <div class="row">
          <TextField
            label="Server name (SNI)"
            path={`${CONFIG}.serverName`}
            errors={props.errors}
            value={str(props.draft, `${CONFIG}.serverName`)}
            placeholder="the host"
            maxLength={2048}
            hint="Sent in the handshake and matched against the certificate; empty: the host."
            onValue={(v) => props.set(`${CONFIG}.serverName`, v === '' ? null : v)}
          />
          <IpFamilyField {...props} path={`${CONFIG}.ipFamily`} />
        </div>
        <div class="row">
          <NumberField
            label="Degrade when fewer days are left"
            path={`${CONFIG}.alertDaysBeforeExpiry`}
            errors={props.errors}
            value={num(props.draft, `${CONFIG}.alertDaysBeforeExpiry`)}
            min={1}
            max={365}
            hint="1 to 365 days before the certificate expires (default 20)."
            onNumber={(n) => props.set(`${CONFIG}.alertDaysBeforeExpiry`, n)}
          />
          <NumberField
            label="Handshake timeout (ms)"
            path={`${CONFIG}.handshakeTimeoutMs`}
            errors={props.errors}
            value={num(props.draft, `${CONFIG}.handshakeTimeoutMs`)}
            min={1000}
            max={30000}
            hint="1000 to 30000 (default 10000)."
            onNumber={(n) => props.set(`${CONFIG}.handshakeTimeoutMs`, n)}
          />
        </div>
        <CheckboxField
          label="Skip the chain check"
          path={`${CONFIG}.skipChainValidation`}
          errors={props.errors}
          checked={bool(props.draft, `${CONFIG}.skipChainValidation`)}
          hint="An untrusted chain (e.g. a private CA) then does not fail the run."
          onChecked={(v) => props.set(`${CONFIG}.skipChainValidation`, v)}
        />
        <ResponseTimeFields {...props} cap={30000} />
      </fieldset>
      <BaselineFields {...props} />
      <AssertionRows
        path="request.assertions"
        rows={list<Assertion>(props.draft, 'request.assertions')}
        onRows={(r) => props.set('request.assertions', r)}
        errors={props.errors}
        {...ASSERTION_SETS.ssl}
      />
    </>
  )
}
