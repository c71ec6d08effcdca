/** An alert channel's stored document as read back from its table, typed for the layers that read it. */
import type { AlertChannelDoc } from './schemas.js'

/**
 * The table holds only documents buildAlertChannelDoc wrote, so a row is taken as that type without a check on every
 * read (the notifier reads a channel per delivery). A document of an older version may lack a config key added since
 * (webhookType): the readers of a config fall back to its default. The raw row's document is untyped JSON, hence the
 * record here.
 */
export const storedChannelDoc = (raw: Record<string, unknown>): AlertChannelDoc => raw as AlertChannelDoc
