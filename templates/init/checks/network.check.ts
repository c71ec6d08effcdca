// Below HTTP: a TCP port, a DNS record and an ICMP ping.
import { DnsMonitor, IcmpMonitor, TcpMonitor } from 'picket/constructs'

const host = process.env.SITE_HOST ?? 'example.com'

new TcpMonitor('https-port', { name: 'HTTPS port open', request: { hostname: host, port: 443 } })
new DnsMonitor('site-dns', { name: 'Site resolves', request: { query: host, recordType: 'A' } })
new IcmpMonitor('site-ping', { name: 'Site answers ping', request: { hostname: host, pingCount: 5 } })
