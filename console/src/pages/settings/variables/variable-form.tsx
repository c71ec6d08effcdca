/**
 * Adding a variable, or changing one: the key is fixed once created; a secret's value is write-only (left empty it
 * keeps the stored one) and a secret stays secret.
 */
import type { VariableCreate } from '../../../api/contracts'
import { useApiMutation } from '../../../api/hooks'
import { picketApi } from '../../../api/endpoints'
import type { FormBody } from '../../../api/resource'
import { CheckboxField, fieldErrorsOf, FormError, TextArea, TextField } from '../../../ui/form'
import { Button, Card } from '../../../ui/kit'
import { onSubmit, useForm } from '../shared/use-form'
import { MASK, type Variable } from './variable-types'

export function VariableForm(props: { variable?: Variable; onDone: () => void }) {
  const v = props.variable
  const { value: d, set } = useForm({ key: v?.key ?? '', value: v?.secret ? '' : (v?.value ?? ''), locked: v?.locked ?? false, secret: v?.secret ?? false })
  const save = useApiMutation((body: FormBody<VariableCreate>) => (v ? picketApi.variables.update(v.key, body) : picketApi.variables.create(body)), [picketApi.variables.root])
  const errors = fieldErrorsOf(save.error)
  const submit = async () => {
    const body: FormBody<VariableCreate> = { locked: d.locked, secret: d.secret }
    if (!v) body.key = d.key.trim()
    // A stored secret keeps its value unless a new one is typed.
    if (!(v?.secret && d.value === '')) body.value = d.value
    const ok = await save.mutateAsync(body).then(
      () => true,
      () => false,
    )
    if (ok) props.onDone()
  }
  return (
    <Card title={v ? `Change ${v.key}` : 'Add variable'}>
      <form class="settings-form" onSubmit={onSubmit(submit)} noValidate>
        <FormError error={save.error} shown={['key', 'value', 'locked', 'secret']} />
        {v ? null : (
          <TextField
            label="Key"
            path="key"
            errors={errors}
            class="mono"
            autoComplete="off"
            value={d.key}
            onValue={set('key')}
            hint="Letters, digits and _, not starting with a digit. Cannot be changed later."
          />
        )}
        <TextArea
          label={v?.secret ? 'New value' : 'Value'}
          path="value"
          errors={errors}
          mono
          rows={2}
          value={d.value}
          onValue={set('value')}
          hint={v?.secret ? `The stored value (${MASK}) is never shown. Leave empty to keep it, or type a new value to replace it.` : undefined}
        />
        <CheckboxField label="Locked (hide the value in the console)" path="locked" errors={errors} checked={d.locked} onChecked={set('locked')} />
        {v?.secret ? (
          <p class="muted small">This variable is secret: its value is write-only and it cannot be made visible again.</p>
        ) : (
          <CheckboxField label="Secret (write-only: the value is never returned again)" path="secret" errors={errors} checked={d.secret} onChecked={set('secret')} />
        )}
        <div class="form-actions">
          <Button variant="primary" type="submit" busy={save.isPending}>
            {v ? 'Save variable' : 'Add variable'}
          </Button>
          <Button variant="ghost" onClick={props.onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  )
}
