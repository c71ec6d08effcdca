/**
 * The host and port of the types that reach one server (TCP, ICMP, DNS, gRPC, SSL, traceroute): one row with the
 * host's text field and, where the type has one, the port's number field, so labels, limits and hints read alike.
 */
import type { ComponentChildren } from 'preact'
import { NumberField, TextField } from '../../../ui/form'
import { num, str, type SectionProps } from '../draft-path'

export interface HostPortOptions {
  /** The draft path of the host, e.g. `request.hostname`. */
  hostPath: string
  hostLabel?: string
  placeholder: string
  hostHint?: string
  /** Whether the host may be left empty (then it is sent as null). */
  optionalHost?: boolean
  hostMaxLength?: number
  /** The port's path; without it the row has no port. */
  portPath?: string
  portRequired?: boolean
  portHint?: string
  /** More fields in the same row (e.g. a ping count or a record type). */
  children?: ComponentChildren
}

export function HostPortFields(props: SectionProps & HostPortOptions) {
  const optional = props.optionalHost === true
  return (
    <div class="row">
      <TextField
        label={props.hostLabel ?? 'Host'}
        path={props.hostPath}
        errors={props.errors}
        value={str(props.draft, props.hostPath)}
        placeholder={props.placeholder}
        required={!optional}
        maxLength={props.hostMaxLength ?? 2048}
        hint={props.hostHint ?? 'Host name or IP address, without scheme or port.'}
        onValue={(v) => props.set(props.hostPath, optional && v === '' ? null : v)}
      />
      {props.portPath === undefined ? null : (
        <NumberField
          label="Port"
          path={props.portPath}
          errors={props.errors}
          value={num(props.draft, props.portPath)}
          min={1}
          max={65535}
          required={props.portRequired === true}
          hint={props.portHint ?? '1 to 65535'}
          onNumber={(n) => props.set(props.portPath ?? '', n)}
        />
      )}
      {props.children}
    </div>
  )
}
