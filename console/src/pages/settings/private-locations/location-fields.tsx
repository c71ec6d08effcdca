/** The editable fields of a private location (slugName only when creating: checks name the location by it). */
import { type FieldErrors, TextField } from '../../../ui/form'

export interface LocationDraft {
  name: string
  slugName: string
  icon: string
  proxyUrl: string
}

export function LocationFields(props: { d: LocationDraft; set: <K extends keyof LocationDraft>(k: K) => (v: LocationDraft[K]) => void; errors: FieldErrors; creating: boolean }) {
  const { d, set, errors } = props
  return (
    <>
      <TextField label="Name" path="name" errors={errors} value={d.name} onValue={set('name')} />
      {props.creating ? (
        <TextField
          label="Slug"
          path="slugName"
          errors={errors}
          class="mono"
          value={d.slugName}
          onValue={set('slugName')}
          hint="How checks name this location: letters, digits and dashes, up to 30; not like a cloud region (us-east-1). Cannot be changed later."
        />
      ) : null}
      <TextField label="Icon" path="icon" errors={errors} value={d.icon} onValue={set('icon')} hint="The icon's name, e.g. location." />
      <TextField
        label="Proxy URL"
        path="proxyUrl"
        errors={errors}
        value={d.proxyUrl}
        onValue={set('proxyUrl')}
        hint="Optional http(s) proxy for the HTTP requests of checks run here."
      />
    </>
  )
}

export const locationBody = (d: LocationDraft, creating: boolean) => ({
  name: d.name,
  ...(creating ? { slugName: d.slugName.trim() } : {}),
  icon: d.icon.trim() === '' ? 'location' : d.icon.trim(),
  proxyUrl: d.proxyUrl.trim() === '' ? null : d.proxyUrl.trim(),
})
