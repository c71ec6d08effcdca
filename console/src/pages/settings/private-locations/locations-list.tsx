/** /private-locations: locations served by your own agents, for targets inside your network. */
import { Link } from 'wouter-preact'
import { useSession } from '../../../api/session'
import { picketApi } from '../../../api/endpoints'
import { timeAgo } from '../../../lib/format'
import { Badge, LinkButton, PageHeader } from '../../../ui/kit'
import { PagedTable } from '../shared/paged-table'
import { availabilityBadge, type PrivateLocation } from './location-types'
import '../shared/settings.css'

export default function LocationsList() {
  const canWrite = useSession().can('write')
  return (
    <>
      <PageHeader
        title="Private locations"
        subtitle="Run checks from your own network: an agent you start serves each location."
        actions={
          canWrite ? (
            <LinkButton href="/private-locations/new" variant="primary">
              New private location
            </LinkButton>
          ) : null
        }
      />
      <PagedTable<PrivateLocation>
        list={picketApi.privateLocations.list}
        caption="Private locations"
        empty={{ title: 'No private locations', body: <p>Add one to check services that are not reachable from the internet.</p> }}
        columns={[
          { label: 'Name', cell: (l) => <Link href={`/private-locations/${l.id}`}>{l.name}</Link> },
          { label: 'Slug', cell: (l) => <code>{l.slugName}</code> },
          { label: 'Agents', cell: (l) => <Badge tone={availabilityBadge(l).tone}>{availabilityBadge(l).text}</Badge> },
          { label: 'Last seen', cell: (l) => (l.lastSeen ? timeAgo(l.lastSeen) : 'never') },
          { label: 'Used by', cell: (l) => `${l.checkAssignments} checks, ${l.groupAssignments} groups` },
        ]}
      />
    </>
  )
}
