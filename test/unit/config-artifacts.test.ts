import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config/load.js'

describe('artifact settings', () => {
  it('keeps files 7 days under <DATA_DIR>/artifacts by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/picket' }).artifacts).toEqual({ dir: path.resolve('/srv/picket/artifacts'), retentionDays: 7 })
  })
  it('takes ARTIFACTS_DIR and ARTIFACT_RETENTION_DAYS', () => {
    expect(loadConfig({ ARTIFACTS_DIR: '/mnt/shared/artifacts', ARTIFACT_RETENTION_DAYS: '30' }).artifacts).toEqual({ dir: '/mnt/shared/artifacts', retentionDays: 30 })
  })
  it.each(['0', '3651', '1.5', 'week'])('refuses ARTIFACT_RETENTION_DAYS=%s', (value) => {
    expect(() => loadConfig({ ARTIFACT_RETENTION_DAYS: value })).toThrow(ConfigError)
    expect(() => loadConfig({ ARTIFACT_RETENTION_DAYS: value })).toThrow(/ARTIFACT_RETENTION_DAYS must be an integer from 1 to 3650/)
  })
})
