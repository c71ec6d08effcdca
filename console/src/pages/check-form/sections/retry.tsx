/** Retry strategy: type, backoff, attempts, total duration, region and which failures retry. */
import { CheckboxField, NumberField, SelectField } from '../../../ui/form'
import { getIn, type Doc, type SectionProps } from '../draft-path'

type Kind = 'NONE' | 'FALLBACK' | 'FIXED' | 'LINEAR' | 'EXPONENTIAL' | 'SINGLE_RETRY'

const KINDS: Array<{ value: Kind; label: string }> = [
  { value: 'NONE', label: 'No retries' },
  { value: 'FIXED', label: 'Fixed: the same wait before each retry' },
  { value: 'LINEAR', label: 'Linear: the wait grows by the base each time' },
  { value: 'EXPONENTIAL', label: 'Exponential: the wait doubles each time' },
  { value: 'SINGLE_RETRY', label: 'Single retry' },
]

const fresh = (type: Kind): Doc => ({ type, baseBackoffSeconds: 60, maxRetries: type === 'SINGLE_RETRY' ? 1 : 2, maxDurationSeconds: 600, sameRegion: true, onlyOn: [] })

/** `allowFallback`: groups may leave retries to each check (the API's FALLBACK). */
export function RetrySection(props: SectionProps & { allowFallback?: boolean }) {
  const raw = getIn(props.draft, 'retryStrategy')
  const strategy = raw !== null && typeof raw === 'object' ? (raw as Doc) : null
  const kind: Kind = strategy ? (strategy.type as Kind) : raw === 'FALLBACK' || (props.allowFallback && raw === null) ? 'FALLBACK' : 'NONE'
  const kinds = props.allowFallback ? [{ value: 'FALLBACK' as Kind, label: "Each check's own retry strategy" }, ...KINDS] : KINDS
  const choose = (k: Kind) => {
    if (k === 'NONE') props.set('retryStrategy', null)
    else if (k === 'FALLBACK') props.set('retryStrategy', 'FALLBACK')
    else props.set('retryStrategy', { ...fresh(k), ...(strategy ?? {}), type: k, ...(k === 'SINGLE_RETRY' ? { maxRetries: 1 } : {}) })
  }
  const numberOf = (key: string) => (strategy && typeof strategy[key] === 'number' ? (strategy[key] as number) : null)
  const setKey = (key: string, value: unknown) => props.set(`retryStrategy.${key}`, value)
  const onlyNetwork = Array.isArray(strategy?.onlyOn) && (strategy.onlyOn as unknown[]).includes('NETWORK_ERROR')
  return (
    <fieldset>
      <legend>Retries</legend>
      <SelectField
        label="Retry strategy"
        path="retryStrategy.type"
        errors={props.errors}
        value={kind}
        options={kinds.filter((k) => !(props.allowFallback && k.value === 'NONE'))}
        onValue={choose}
      />
      {strategy ? (
        <>
          <div class="row">
            <NumberField
              label="Base backoff (seconds)"
              path="retryStrategy.baseBackoffSeconds"
              errors={props.errors}
              value={numberOf('baseBackoffSeconds')}
              min={0}
              max={600}
              hint="0 to 600"
              onNumber={(n) => setKey('baseBackoffSeconds', n)}
            />
            {kind === 'SINGLE_RETRY' ? null : (
              <NumberField
                label="Maximum retries"
                path="retryStrategy.maxRetries"
                errors={props.errors}
                value={numberOf('maxRetries')}
                min={1}
                max={10}
                hint="1 to 10"
                onNumber={(n) => setKey('maxRetries', n)}
              />
            )}
            {kind === 'SINGLE_RETRY' ? null : (
              <NumberField
                label="Maximum duration (seconds)"
                path="retryStrategy.maxDurationSeconds"
                errors={props.errors}
                value={numberOf('maxDurationSeconds')}
                min={0}
                max={600}
                hint="0 to 600: retries stop after this long"
                onNumber={(n) => setKey('maxDurationSeconds', n)}
              />
            )}
          </div>
          <CheckboxField
            label="Retry in the same region"
            path="retryStrategy.sameRegion"
            errors={props.errors}
            checked={strategy.sameRegion !== false}
            onChecked={(v) => setKey('sameRegion', v)}
          />
          <CheckboxField
            label="Retry only on network errors"
            path="retryStrategy.onlyOn"
            errors={props.errors}
            checked={onlyNetwork}
            onChecked={(v) => setKey('onlyOn', v ? ['NETWORK_ERROR'] : [])}
          />
        </>
      ) : null}
    </fieldset>
  )
}
