/**
 * Agentic checks need a model: on a service without one (AGENTIC_MODEL_URL unset) creating or updating one is a
 * 400 that names the setting, instead of a check that could never run. Other check types pass through.
 */
import { ValidationError } from '../../domain/errors.js'
import type { CheckService } from './checks.js'

export const NO_MODEL_MESSAGE = 'AGENTIC checks need a model, and this service has none: the operator sets AGENTIC_MODEL_URL and AGENTIC_MODEL'

export function requiringAgenticModel(checks: CheckService, hasModel: boolean): CheckService {
  if (hasModel) return checks
  const refuse = (segment: string): void => {
    if (segment === 'agentic') throw new ValidationError({ checkType: NO_MODEL_MESSAGE })
  }
  return {
    ...checks,
    async create(accountId, segment, body, options, schemaErrors) {
      refuse(segment)
      return checks.create(accountId, segment, body, options, schemaErrors)
    },
    async update(accountId, segment, id, body, options, schemaErrors) {
      refuse(segment)
      return checks.update(accountId, segment, id, body, options, schemaErrors)
    },
  }
}
