/** Multi-step check (checkType MULTI_STEP): a Playwright script making API requests in steps. */
import type { CheckTypeDef } from './check-type.js'
import { commonFields, scriptFields } from './common-fields.js'
import { FREQUENCIES_NO_ZERO } from './enums.js'
import { IntEnum } from './shared-schemas.js'
import { playwrightConfigField } from './playwright-config.js'
import { requireScript } from './browser.js'

export const multiStepCheck = {
  checkType: 'MULTI_STEP',
  segment: 'multistep',
  frequencies: FREQUENCIES_NO_ZERO,
  required: [...(['name', 'script'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES_NO_ZERO, { default: 10 })),
    ...scriptFields,
    playwrightConfig: playwrightConfigField,
  },
  validate: requireScript,
} satisfies CheckTypeDef
