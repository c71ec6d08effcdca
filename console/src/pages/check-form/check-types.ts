/** The check types the console creates: URL slug (the API's path segment), checkType, label and what each does. */

export type CheckSlug = 'api' | 'url' | 'tcp' | 'dns' | 'icmp' | 'grpc' | 'ssl' | 'traceroute' | 'heartbeat' | 'browser' | 'multistep' | 'playwright' | 'agentic'

export interface CheckTypeInfo {
  slug: CheckSlug
  checkType: string
  label: string
  description: string
  /** Allowed `frequency` values in minutes (0 = every 10, 20 or 30 seconds via frequencyOffset); null: not scheduled. */
  frequencies: readonly number[] | null
  /** Whether a check session can run it on demand. */
  runnable: boolean
}

const ALL = [0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440] as const
const NO_ZERO = ALL.filter((f) => f !== 0)

export const CHECK_TYPES: readonly CheckTypeInfo[] = [
  { slug: 'api', checkType: 'API', label: 'API', description: 'Send an HTTP request and assert on status, headers, body and timing.', frequencies: ALL, runnable: true },
  { slug: 'url', checkType: 'URL', label: 'URL', description: 'Check that a web address answers with the status code you expect.', frequencies: ALL, runnable: true },
  {
    slug: 'tcp',
    checkType: 'TCP',
    label: 'TCP',
    description: 'Open a TCP connection to a host and port, optionally send data and check the reply.',
    frequencies: ALL,
    runnable: true,
  },
  {
    slug: 'dns',
    checkType: 'DNS',
    label: 'DNS',
    description: 'Resolve a name with a record type and name server of your choice and check the answer.',
    frequencies: ALL,
    runnable: true,
  },
  { slug: 'icmp', checkType: 'ICMP', label: 'ICMP (ping)', description: 'Ping a host and watch latency and packet loss.', frequencies: ALL, runnable: true },
  {
    slug: 'grpc',
    checkType: 'GRPC',
    label: 'gRPC',
    description: 'Ask a gRPC server for its health, or call a method and check the status and the response.',
    frequencies: ALL,
    runnable: true,
  },
  {
    slug: 'ssl',
    checkType: 'SSL',
    label: 'SSL certificate',
    description: 'Shake hands with a TLS server and check its certificate (expiry, chain, host name) and a security baseline.',
    frequencies: ALL,
    runnable: true,
  },
  {
    slug: 'traceroute',
    checkType: 'TRACEROUTE',
    label: 'Traceroute',
    description: 'Trace the route to a host hop by hop and watch the hop count, the final latency and packet loss.',
    frequencies: ALL,
    runnable: true,
  },
  {
    slug: 'heartbeat',
    checkType: 'HEARTBEAT',
    label: 'Heartbeat',
    description: 'Your cron job or worker pings a URL; you are alerted when a ping is late.',
    frequencies: null,
    runnable: false,
  },
  {
    slug: 'browser',
    checkType: 'BROWSER',
    label: 'Browser',
    description: 'Run a Playwright script in Chromium to test a page or user flow.',
    frequencies: NO_ZERO,
    runnable: true,
  },
  {
    slug: 'multistep',
    checkType: 'MULTI_STEP',
    label: 'Multi-step',
    description: 'Chain API requests in a Playwright script, passing data between steps.',
    frequencies: NO_ZERO,
    runnable: true,
  },
  {
    slug: 'playwright',
    checkType: 'PLAYWRIGHT',
    label: 'Playwright suite',
    description: 'Run a whole Playwright Test project (test files and config) on a schedule.',
    frequencies: NO_ZERO,
    runnable: true,
  },
  {
    slug: 'agentic',
    checkType: 'AGENTIC',
    label: 'Agentic',
    description: 'Describe a task in plain language; a model carries it out in a real browser and judges your conditions.',
    frequencies: NO_ZERO,
    runnable: true,
  },
]

export const typeBySlug = (slug: string | undefined): CheckTypeInfo | undefined => CHECK_TYPES.find((t) => t.slug === slug)
export const typeByCheckType = (checkType: unknown): CheckTypeInfo | undefined => CHECK_TYPES.find((t) => t.checkType === checkType)
