/** /checks/new: pick the kind of check to create. */
import { Link } from 'wouter-preact'
import { PageHeader } from '../../ui/kit'
import { CHECK_TYPES } from './check-types'
import './check-form.css'

export default function ChooseType() {
  return (
    <>
      <PageHeader title="New check" subtitle="What do you want to monitor?" back={{ href: '/', label: 'Checks' }} />
      <ul class="cf-types">
        {CHECK_TYPES.map((t) => (
          <li>
            <Link href={`/checks/new/${t.slug}`} class="cf-type" aria-describedby={`cf-type-${t.slug}`}>
              <strong>{t.label}</strong>
              {/* The description is the link's description, not part of its name: the name stays the type's. */}
              <span class="muted" id={`cf-type-${t.slug}`} aria-hidden="true">
                {t.description}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
