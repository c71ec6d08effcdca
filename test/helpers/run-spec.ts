/** A runner's document for a test: the check type and only the fields the case is about. */
import type { EffectiveCheck } from '../../src/domain/checks/contract.js'
import type { CheckType } from '../../src/domain/checks/enums.js'

/**
 * The document a runner gets, with its type (as the engine adds it) and the given fields only. The one cast from a
 * partial document: runners read what they need and tolerate a missing field (a check stored by an older version
 * may lack one), so a test names only the fields its case is about instead of a whole stored check.
 */
export const runDoc = (checkType: CheckType, fields: Readonly<Record<string, unknown>>): EffectiveCheck => ({ ...fields, checkType }) as EffectiveCheck
