/** A secret the API shows only in the response that created it: shown here with a copy button and a warning. */
import type { ComponentChildren } from 'preact'
import { CopyButton, Notice } from '../../../ui/kit'

export function OneTimeSecret(props: { title: string; value: string; copyLabel: string; children?: ComponentChildren; onDismiss?: () => void }) {
  return (
    <Notice kind="warning">
      <strong>{props.title}</strong>
      <div class="secret-once">
        <code data-testid="one-time-secret">{props.value}</code>
        <CopyButton text={props.value} label={props.copyLabel} />
      </div>
      {props.children}
      {props.onDismiss ? (
        <button type="button" class="btn btn-secondary" onClick={props.onDismiss}>
          Done
        </button>
      ) : null}
    </Notice>
  )
}
