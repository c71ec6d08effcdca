/** Name, state, tags and group: the fields every check and group has. */
import { useState } from 'preact/hooks'
import { CheckboxField, SelectField, TextField } from '../../../ui/form'
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { parseTags } from '../check-draft'
import { bool, list, num, str, type SectionProps } from '../draft-path'

/** Comma-separated tags; what the user types is kept as typed, the draft gets the parsed list. */
export function TagsField(props: SectionProps) {
  const [text, setText] = useState(() => list<string>(props.draft, 'tags').join(', '))
  return (
    <TextField
      label="Tags"
      path="tags"
      errors={props.errors}
      value={text}
      hint="Separate tags with commas."
      onValue={(v) => {
        setText(v)
        props.set('tags', parseTags(v))
      }}
    />
  )
}

export function GroupField(props: SectionProps) {
  const groups = useApi(picketApi.groups.list({ limit: 100 }))
  const current = num(props.draft, 'groupId')
  const options = [{ value: '', label: groups.isLoading ? 'Loading groups…' : 'No group' }, ...(groups.data?.rows ?? []).map((g) => ({ value: String(g.id), label: g.name }))]
  if (current !== null && !options.some((o) => o.value === String(current))) options.push({ value: String(current), label: `Group ${current}` })
  return (
    <SelectField
      label="Group"
      path="groupId"
      errors={props.errors}
      value={current === null ? '' : String(current)}
      options={options}
      hint={groups.error ? `Groups could not be loaded: ${groups.error.message}` : 'A group can add locations, alerts and variables to its checks.'}
      onValue={(v) => props.set('groupId', v === '' ? null : Number(v))}
    />
  )
}

export function GeneralSection(props: SectionProps & { withGroup?: boolean }) {
  return (
    <fieldset>
      <legend>General</legend>
      <TextField label="Name" path="name" errors={props.errors} value={str(props.draft, 'name')} onValue={(v) => props.set('name', v)} required maxLength={255} />
      <div class="row">
        <CheckboxField
          label="Activated"
          path="activated"
          errors={props.errors}
          checked={bool(props.draft, 'activated', true)}
          onChecked={(v) => props.set('activated', v)}
          hint="Deactivated checks do not run."
        />
        <CheckboxField
          label="Muted"
          path="muted"
          errors={props.errors}
          checked={bool(props.draft, 'muted')}
          onChecked={(v) => props.set('muted', v)}
          hint="Muted checks run but send no alerts."
        />
      </div>
      <TagsField {...props} />
      {props.withGroup ? <GroupField {...props} /> : null}
    </fieldset>
  )
}
