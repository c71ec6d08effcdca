/** Reference cases of secret scans. */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'

export const secretScanCases: ReferenceCase<unknown>[] = [{ method: 'GET', path: '/v1/secret-scans', url: () => '/v1/secret-scans', status: 200 }]
