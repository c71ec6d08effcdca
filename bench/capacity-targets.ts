/**
 * The TCP and DNS targets of bench/capacity-model.ts in a process of their own, so that what they spend is not
 * counted as the runner's: prints `{"tcp":port,"dns":port}` once both listen, and runs until killed.
 */
import { startDnsTarget } from '../test/helpers/targets/dns.js'
import { startTcpEcho } from '../test/helpers/targets/tcp.js'

const [tcp, dns] = await Promise.all([startTcpEcho(), startDnsTarget()])
process.stdout.write(`${JSON.stringify({ tcp: tcp.port, dns: dns.port })}\n`)
