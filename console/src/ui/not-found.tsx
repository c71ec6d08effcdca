/** The console's page for an address it has no page at: inside the layout, with the way back. */
import { useLocation } from 'wouter-preact'
import { Empty, LinkButton, PageHeader } from './kit'
import { useDocumentTitle } from './title'

export function NotFoundPage() {
  const [location] = useLocation()
  useDocumentTitle('Page not found')
  return (
    <>
      <PageHeader title="Page not found" />
      <Empty title="There is nothing at this address">
        <p>
          <code class="not-found-path">{location}</code> is not a page of Picket. It may have been deleted, or the link may be mistyped.
        </p>
        <LinkButton href="/" variant="primary">
          Go to your checks
        </LinkButton>
      </Empty>
    </>
  )
}
