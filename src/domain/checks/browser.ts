/** Browser check: a Playwright script run in a real browser. */
import type { CheckTypeDef, Doc } from './check-type.js'
import type { FieldErrorCollector } from '../errors.js'
import { commonFields, scriptFields } from './common-fields.js'
import { FREQUENCIES_NO_ZERO } from './enums.js'
import { IntEnum } from './shared-schemas.js'
import { playwrightConfigField } from './playwright-config.js'

export const requireScript = (doc: Doc, errors: FieldErrorCollector): void => {
  if (typeof doc.script !== 'string' || doc.script.trim() === '') errors.add('script', 'is required and must not be empty')
}

export const browserCheck = {
  checkType: 'BROWSER',
  segment: 'browser',
  frequencies: FREQUENCIES_NO_ZERO,
  required: [...(['name', 'script'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES_NO_ZERO, { default: 10 })),
    ...scriptFields,
    playwrightConfig: playwrightConfigField,
  },
  validate: requireScript,
} satisfies CheckTypeDef
