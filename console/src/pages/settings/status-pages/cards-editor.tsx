/** A status page's cards: each a titled group of services. Errors arrive as `cards[i].name`, `cards[i].services[j]`. */
import { CheckboxField, type FieldErrors, errorFor, TextField } from '../../../ui/form'
import { Button } from '../../../ui/kit'
import type { Service } from './status-page-types'

export interface CardDraft {
  id?: string
  name: string
  serviceIds: string[]
}

interface Props {
  cards: CardDraft[]
  onChange: (cards: CardDraft[]) => void
  services: Service[]
  errors: FieldErrors
}

export function CardsEditor(props: Props) {
  const update = (i: number, patch: Partial<CardDraft>) => props.onChange(props.cards.map((c, j) => (j === i ? { ...c, ...patch } : c)))
  const move = (i: number, by: number) => {
    const next = [...props.cards]
    const [card] = next.splice(i, 1)
    if (card) next.splice(i + by, 0, card)
    props.onChange(next)
  }
  return (
    <fieldset>
      <legend>Cards</legend>
      {props.cards.length === 0 ? <p class="muted small">No cards: the page shows no services.</p> : null}
      {props.cards.map((c, i) => (
        <fieldset>
          <legend>Card {i + 1}</legend>
          <TextField label={`Card ${i + 1} title`} path={`cards[${i}].name`} errors={props.errors} value={c.name} onValue={(v) => update(i, { name: v })} />
          {props.services.length === 0 ? <p class="muted small">Add services first (on the status pages list).</p> : null}
          <div class="check-grid">
            {props.services.map((s) => (
              <CheckboxField
                label={s.name}
                path={`cards[${i}].services.${s.id}`}
                errors={{}}
                checked={c.serviceIds.includes(s.id)}
                onChecked={(on) => update(i, { serviceIds: on ? [...c.serviceIds, s.id] : c.serviceIds.filter((id) => id !== s.id) })}
              />
            ))}
          </div>
          {errorFor(props.errors, `cards[${i}].services`) ? (
            <p class="field-error" role="alert">
              {errorFor(props.errors, `cards[${i}].services`)}
            </p>
          ) : null}
          <div class="row-actions">
            <Button variant="ghost" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move up card ${i + 1}`}>
              Move up
            </Button>
            <Button variant="ghost" disabled={i === props.cards.length - 1} onClick={() => move(i, 1)} aria-label={`Move down card ${i + 1}`}>
              Move down
            </Button>
            <Button variant="danger" onClick={() => props.onChange(props.cards.filter((_, j) => j !== i))} aria-label={`Remove card ${i + 1}`}>
              Remove card
            </Button>
          </div>
        </fieldset>
      ))}
      <Button onClick={() => props.onChange([...props.cards, { name: '', serviceIds: [] }])}>Add card</Button>
    </fieldset>
  )
}
