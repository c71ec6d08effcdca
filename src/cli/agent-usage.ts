/** The help of `picket agent` and `picket-agent`: what it does and the environment it reads (src/config/agent.ts). */
export const AGENT_USAGE = [
  'Usage: picket agent   (or: picket-agent)',
  '',
  "Runs a private location's agent: it leases that location's check runs from the service, runs them here and",
  'posts their results. Configured by environment:',
  '  API_KEY                 required: a private-location key (pl_…)',
  "  PICKET_URL              required: the service's base URL, e.g. https://picket.example.com",
  '  JOB_CONCURRENCY         jobs at once, 1-10 (default 1)',
  '  LOG_LEVEL               DEBUG, LOG, INFO, WARN or ERROR (default INFO)',
  "  HTTPS_PROXY, HTTP_PROXY proxy for the agent's own traffic to the service",
  '  AGENT_HEALTH_PORT       health and metrics port (default 8081)',
  '  EXTERNAL_OBSERVABILITY  off: do not report the agent\'s own errors (scrubbed) to the service',
  '  NODE_EXTRA_CA_CERTS     extra CA certificates (a PEM file)',
  '  CHROMIUM_PATH           Chromium for browser checks (default /usr/bin/chromium)',
  '  AGENT_SHUTDOWN_GRACE_MS time SIGTERM gives jobs in hand (default 300000)',
].join('\n')
