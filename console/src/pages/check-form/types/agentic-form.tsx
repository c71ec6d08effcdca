/**
 * Agentic check: where the browser starts, the task in plain language, the conditions the agent must judge (each
 * with the value it should see, when there is one) and the limits of one run: model turns, tokens and wall time.
 */
import { errorFor, NumberField, TextArea, TextField, type FieldErrors } from '../../../ui/form'
import { Button } from '../../../ui/kit'
import { list, num, str, type SectionProps } from '../draft-path'
import { AGENTIC_LIMITS } from './agentic-limits'

export interface AgenticCondition {
  condition: string
  expected: string | null
}

const MAX_CONDITIONS = 20

const { maxSteps, maxTokens, timeoutSeconds } = AGENTIC_LIMITS
const count = (n: number) => n.toLocaleString('en-US')

function ConditionRows(props: { rows: AgenticCondition[]; onRows: (rows: AgenticCondition[]) => void; errors: FieldErrors }) {
  const change = (i: number, patch: Partial<AgenticCondition>) => props.onRows(props.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <fieldset class="cf-rows" data-field="assertions">
      <legend>Conditions</legend>
      {props.rows.length === 0 ? <p class="muted small">No conditions: the run passes when the agent finishes the task within its limits.</p> : null}
      {props.rows.map((r, i) => {
        const error = errorFor(props.errors, `assertions[${i}]`)
        return (
          <div class={`cf-row${error ? ' field-invalid' : ''}`} role="group" aria-label={`Condition ${i + 1}`}>
            <input
              aria-label={`Condition ${i + 1}: what must hold`}
              placeholder="The cart shows one item"
              maxLength={1000}
              value={r.condition}
              aria-invalid={Boolean(error)}
              onInput={(e) => change(i, { condition: e.currentTarget.value })}
            />
            <input
              aria-label={`Condition ${i + 1}: expected value`}
              placeholder="Expected (optional)"
              maxLength={1000}
              value={r.expected ?? ''}
              onInput={(e) => change(i, { expected: e.currentTarget.value === '' ? null : e.currentTarget.value })}
            />
            <Button variant="ghost" aria-label={`Remove condition ${i + 1}`} onClick={() => props.onRows(props.rows.filter((_, j) => j !== i))}>
              Remove
            </Button>
            {error ? (
              <small class="field-error cf-row-error" role="alert">
                {error}
              </small>
            ) : null}
          </div>
        )
      })}
      {props.errors.assertions ? (
        <small class="field-error" role="alert">
          {props.errors.assertions}
        </small>
      ) : null}
      {props.rows.length < MAX_CONDITIONS ? (
        <Button variant="ghost" onClick={() => props.onRows([...props.rows, { condition: '', expected: null }])}>
          + Add condition
        </Button>
      ) : null}
    </fieldset>
  )
}

export function AgenticForm(props: SectionProps) {
  return (
    <>
      <fieldset>
        <legend>Task</legend>
        <TextField
          label="Start URL"
          path="startUrl"
          errors={props.errors}
          value={str(props.draft, 'startUrl')}
          type="url"
          placeholder="https://shop.example.com"
          maxLength={2048}
          hint="Opened before the agent's first step; empty: the agent starts on a blank page."
          onValue={(v) => props.set('startUrl', v === '' ? null : v)}
        />
        <TextArea
          label="Prompt"
          path="prompt"
          errors={props.errors}
          value={str(props.draft, 'prompt')}
          rows={6}
          hint="The task in plain language, up to 10,000 characters. {{VARIABLES}} reach the browser but never the model."
          onValue={(v) => props.set('prompt', v)}
        />
      </fieldset>
      <ConditionRows rows={list<AgenticCondition>(props.draft, 'assertions')} onRows={(r) => props.set('assertions', r)} errors={props.errors} />
      <fieldset>
        <legend>Limits of one run</legend>
        <div class="row">
          <NumberField
            label="Max steps"
            path="agentLimits.maxSteps"
            errors={props.errors}
            value={num(props.draft, 'agentLimits.maxSteps')}
            min={maxSteps.min}
            max={maxSteps.max}
            hint={`Model turns, ${count(maxSteps.min)} to ${count(maxSteps.max)} (default ${count(maxSteps.default)}).`}
            onNumber={(n) => props.set('agentLimits.maxSteps', n)}
          />
          <NumberField
            label="Max tokens"
            path="agentLimits.maxTokens"
            errors={props.errors}
            value={num(props.draft, 'agentLimits.maxTokens')}
            min={maxTokens.min}
            max={maxTokens.max}
            hint={`As the model endpoint counts them, ${count(maxTokens.min)} to ${count(maxTokens.max)}.`}
            onNumber={(n) => props.set('agentLimits.maxTokens', n)}
          />
          <NumberField
            label="Time limit (seconds)"
            path="agentLimits.timeoutSeconds"
            errors={props.errors}
            value={num(props.draft, 'agentLimits.timeoutSeconds')}
            min={timeoutSeconds.min}
            max={timeoutSeconds.max}
            hint={`${count(timeoutSeconds.min)} to ${count(timeoutSeconds.max)} (default ${count(timeoutSeconds.default)}).`}
            onNumber={(n) => props.set('agentLimits.timeoutSeconds', n)}
          />
        </div>
      </fieldset>
    </>
  )
}
