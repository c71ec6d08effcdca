/** The buttons under a resource's form: save, cancel, and (for an existing one) delete after asking. */
import { Link } from 'wouter-preact'
import { Button, ConfirmButton } from '../../../ui/kit'

interface Props {
  submitLabel: string
  busy: boolean
  cancelHref: string
  remove?: { label: string; confirm: string; busy: boolean; onConfirm: () => void }
}

export function FormActions(props: Props) {
  return (
    <div class="form-actions">
      <Button variant="primary" type="submit" busy={props.busy}>
        {props.submitLabel}
      </Button>
      <Link href={props.cancelHref} class="btn btn-ghost">
        Cancel
      </Link>
      {props.remove ? (
        <span class="form-actions-end">
          <ConfirmButton label={props.remove.label} confirm={props.remove.confirm} busy={props.remove.busy} onConfirm={props.remove.onConfirm} />
        </span>
      ) : null}
    </div>
  )
}
