/** LOG_FORMAT: JSON lines for collectors, readable lines at a terminal; the setting overrides the terminal's default. */
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config/load.js'

describe('LOG_FORMAT', () => {
  it.each([
    { env: {}, stdoutIsTty: false, format: 'json' },
    { env: {}, stdoutIsTty: true, format: 'pretty' },
    { env: { LOG_FORMAT: 'json' }, stdoutIsTty: true, format: 'json' },
    { env: { LOG_FORMAT: 'pretty' }, stdoutIsTty: false, format: 'pretty' },
    { env: { LOG_FORMAT: ' Pretty ' }, stdoutIsTty: false, format: 'pretty' },
    { env: { LOG_FORMAT: '' }, stdoutIsTty: true, format: 'pretty' },
  ])('$env with a terminal: $stdoutIsTty → $format', ({ env, stdoutIsTty, format }) => {
    expect(loadConfig(env, { stdoutIsTty }).logFormat).toBe(format)
  })

  it('refuses another value, naming the allowed ones', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'text' }, { stdoutIsTty: false })).toThrow(ConfigError)
    expect(() => loadConfig({ LOG_FORMAT: 'text' }, { stdoutIsTty: false })).toThrow('LOG_FORMAT must be one of json, pretty (got "text")')
  })
})
