import { describe, expect, it } from 'vitest'
import { loadAgentConfig } from '../../src/config/agent.js'
import { configProblems } from '../helpers/config-problems.js'

const OK = { API_KEY: 'pl_abcdefabcdef', PICKET_URL: 'https://picket.example.com/' }

const problemsOf = (env: Record<string, string>): string[] => configProblems(() => loadAgentConfig(env))

describe('loadAgentConfig', () => {
  it('has defaults for everything but the key and the URL', () => {
    expect(loadAgentConfig(OK)).toEqual({
      apiKey: 'pl_abcdefabcdef',
      serviceUrl: 'https://picket.example.com',
      jobConcurrency: 1,
      logLevel: 'info',
      proxyUrl: undefined,
      healthPort: 8081,
      externalObservability: true,
      chromiumPath: '/usr/bin/chromium',
      shutdownGraceMs: 300_000,
      sandbox: 'bwrap',
      browser: { maxWorkers: 2, dependencyCacheDir: null, installTimeoutMs: 300_000, allowInstallScripts: false },
      agenticModel: null,
    })
  })

  it.each([
    [{ JOB_CONCURRENCY: '10' }, { jobConcurrency: 10 }],
    [{ LOG_LEVEL: 'DEBUG' }, { logLevel: 'debug' }],
    [{ LOG_LEVEL: 'log' }, { logLevel: 'log' }],
    [{ LOG_LEVEL: 'Warn' }, { logLevel: 'warn' }],
    [{ AGENT_HEALTH_PORT: '0' }, { healthPort: 0 }],
    [{ EXTERNAL_OBSERVABILITY: 'off' }, { externalObservability: false }],
    [{ EXTERNAL_OBSERVABILITY: 'OFF' }, { externalObservability: false }],
    [{ EXTERNAL_OBSERVABILITY: 'on' }, { externalObservability: true }],
    [{ HTTPS_PROXY: 'http://proxy:3128' }, { proxyUrl: 'http://proxy:3128' }],
    [{ HTTP_PROXY: 'http://plain:3128' }, { proxyUrl: 'http://plain:3128' }],
    [{ AGENTIC_MODEL_URL: 'http://127.0.0.1:8080/v1/', AGENTIC_MODEL: 'qwen' }, { agenticModel: { url: 'http://127.0.0.1:8080/v1', model: 'qwen', apiKey: null } }],
    [{ HTTPS_PROXY: 'http://s:1', HTTP_PROXY: 'http://p:1' }, { proxyUrl: 'http://s:1' }],
    [
      { PICKET_URL: 'http://svc:3000', HTTPS_PROXY: 'http://s:1', HTTP_PROXY: 'http://p:1' },
      { serviceUrl: 'http://svc:3000', proxyUrl: 'http://p:1' },
    ],
    [{ NODE_EXTRA_CA_CERTS: '/etc/hostname' }, {}],
    [
      { BROWSER_WORKERS: '16', INSTALL_TIMEOUT_SECONDS: '10', INSTALL_SCRIPTS: 'ON' },
      { browser: { maxWorkers: 16, dependencyCacheDir: null, installTimeoutMs: 10_000, allowInstallScripts: true } },
    ],
    [{ DEPENDENCY_CACHE_DIR: '/var/cache/picket-deps' }, { browser: expect.objectContaining({ dependencyCacheDir: '/var/cache/picket-deps' }) }],
  ])('%j gives %j', (extra, expected) => {
    expect(loadAgentConfig({ ...OK, ...extra })).toMatchObject(expected)
  })

  it('lists every problem at once', () => {
    expect(problemsOf({ JOB_CONCURRENCY: '0', LOG_LEVEL: 'verbose', AGENT_HEALTH_PORT: '70000', HTTPS_PROXY: 'proxy:3128', NODE_EXTRA_CA_CERTS: '/no/such/ca.pem' })).toEqual([
      'API_KEY is required: a private-location key (pl_…) from POST /v1/private-locations/{id}/keys',
      "PICKET_URL is required: the service's base URL, e.g. https://picket.example.com",
      'JOB_CONCURRENCY must be an integer from 1 to 10 (got "0")',
      'LOG_LEVEL must be one of DEBUG, LOG, INFO, WARN, ERROR (got "verbose")',
      'HTTPS_PROXY must be an http:// or https:// URL',
      'AGENT_HEALTH_PORT must be an integer from 0 to 65535 (got "70000")',
      'NODE_EXTRA_CA_CERTS names a file that does not exist: /no/such/ca.pem',
    ])
  })

  it.each([
    [{ API_KEY: 'pk_account_key' }, 'API_KEY must be a private-location key (it starts with pl_)'],
    [{ PICKET_URL: 'picket.example.com' }, 'PICKET_URL must be an http:// or https:// URL (got "picket.example.com")'],
    [{ JOB_CONCURRENCY: '11' }, 'JOB_CONCURRENCY must be an integer from 1 to 10 (got "11")'],
    [{ JOB_CONCURRENCY: '2.5' }, 'JOB_CONCURRENCY must be an integer from 1 to 10 (got "2.5")'],
    [{ JOB_CONCURRENCY: 'four' }, 'JOB_CONCURRENCY must be an integer from 1 to 10 (got "four")'],
    [{ HTTP_PROXY: 'socks5://x:1' }, 'HTTP_PROXY must be an http:// or https:// URL'],
    [{ BROWSER_WORKERS: '17' }, 'BROWSER_WORKERS must be an integer from 1 to 16 (got "17")'],
    [{ INSTALL_TIMEOUT_SECONDS: '9' }, 'INSTALL_TIMEOUT_SECONDS must be an integer from 10 to 3600 (got "9")'],
    [{ INSTALL_SCRIPTS: 'yes' }, 'INSTALL_SCRIPTS must be one of on, off (got "yes")'],
  ])('%j: %s', (extra, problem) => {
    expect(problemsOf({ ...OK, ...extra })).toEqual([problem])
  })
})
