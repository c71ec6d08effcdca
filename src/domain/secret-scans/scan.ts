/** A secret scan of an account's resources (pure): each readable field that holds a credential is one finding. */
import { detectCredential, MIN_SECRET_VALUE, previewOf } from './detect.js'
import type { ScanField } from './scan-fields.js'

export const ENTITY_TYPES = ['CHECK', 'CHECK_GROUP', 'SNIPPET', 'ALERT_CHANNEL', 'INTEGRATION', 'ENVIRONMENT_VARIABLE'] as const
export type EntityType = (typeof ENTITY_TYPES)[number]

export interface ScanEntity {
  entityType: EntityType
  entityId: string
  entityName: string | null
  checkType: string | null
  /** The monitoring-as-code project that manages it, if any. */
  owner: { logicalId: string; project: { logicalId: string; name: string } } | null
  fields: ScanField[]
}

export interface SecretFinding {
  entityType: EntityType
  entityId: string
  entityName: string | null
  checkType: string | null
  project: { logicalId: string; name: string | null } | null
  logicalId: string | null
  fieldPath: string
  fieldKey: string | null
  valuePreview: string | null
}

export function scanEntities(entities: readonly ScanEntity[], secretValues: readonly string[]): SecretFinding[] {
  const secrets = [...new Set(secretValues.filter((s) => s.length >= MIN_SECRET_VALUE))]
  const findings: SecretFinding[] = []
  for (const e of entities) {
    for (const field of e.fields) {
      const found = detectCredential(field.value, { fieldKey: field.fieldKey, secretValues: secrets, credentialField: field.credential === true })
      if (!found) continue
      findings.push({
        entityType: e.entityType,
        entityId: e.entityId,
        entityName: e.entityName,
        checkType: e.checkType,
        project: e.owner ? { logicalId: e.owner.project.logicalId, name: e.owner.project.name } : null,
        logicalId: e.owner?.logicalId ?? null,
        fieldPath: field.fieldPath,
        fieldKey: field.fieldKey,
        // Integrations' credentials are for admins only: not even a preview.
        valuePreview: e.entityType === 'INTEGRATION' ? null : previewOf(found.match),
      })
    }
  }
  return findings
}
