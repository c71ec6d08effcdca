/** The type-specific part of the check form, by type slug. */
import type { CheckSlug } from '../check-types'
import type { SectionProps } from '../draft-path'
import { AgenticForm } from './agentic-form'
import { ApiForm } from './api-form'
import { DnsForm } from './dns-form'
import { GrpcForm } from './grpc-form'
import { HeartbeatForm } from './heartbeat-form'
import { IcmpForm } from './icmp-form'
import { PlaywrightForm } from './playwright-form'
import { SslForm } from './ssl-form'
import { TracerouteForm } from './traceroute-form'
import { ScriptForm } from './script-form'
import { TcpForm } from './tcp-form'
import { UrlForm } from './url-form'

export function TypeFields(props: SectionProps & { slug: CheckSlug; readOnly: boolean }) {
  switch (props.slug) {
    case 'api':
      return <ApiForm {...props} />
    case 'url':
      return <UrlForm {...props} />
    case 'tcp':
      return <TcpForm {...props} />
    case 'dns':
      return <DnsForm {...props} />
    case 'icmp':
      return <IcmpForm {...props} />
    case 'grpc':
      return <GrpcForm {...props} />
    case 'ssl':
      return <SslForm {...props} />
    case 'traceroute':
      return <TracerouteForm {...props} />
    case 'agentic':
      return <AgenticForm {...props} />
    case 'heartbeat':
      return <HeartbeatForm {...props} />
    case 'browser':
      return <ScriptForm {...props} />
    case 'multistep':
      return <ScriptForm {...props} multiStep />
    case 'playwright':
      return <PlaywrightForm {...props} />
  }
}
