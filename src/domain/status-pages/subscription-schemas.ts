/**
 * The contract and rules of status page subscriptions: request bodies (bulk creation shaped like the reference API's
 * BulkCreateSubscriptionsPayload), the stored document and the response view.
 */
import { Type, type Static } from 'typebox'
import { Nullable, StringEnum } from '../checks/shared-schemas.js'
import { MAX_BULK_SUBSCRIPTIONS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from './enums.js'

/** A practical e-mail address check: one @, no spaces, a dotted domain of DNS labels. */
const EMAIL = /^[^\s@"<>()[\],;:\\]+@([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/
export const MAX_ADDRESS_LENGTH = 254

export const isEmailAddress = (value: string): boolean => value.length <= MAX_ADDRESS_LENGTH && EMAIL.test(value)

/** Addresses compare case-insensitively and without surrounding spaces. */
export const addressKey = (address: string): string => address.trim().toLowerCase()

export const SubscriptionCreateBody = Type.Object({
  address: Type.String({ minLength: 1, maxLength: MAX_ADDRESS_LENGTH, description: 'Subscriber e-mail address.' }),
  type: Type.Optional(StringEnum(SUBSCRIPTION_TYPES, { description: 'Only EMAIL.' })),
})
export type SubscriptionCreateBody = Static<typeof SubscriptionCreateBody>

export const BulkSubscriptionBody = Type.Object({
  subscriptions: Type.Array(
    Type.Object({
      type: StringEnum(SUBSCRIPTION_TYPES),
      config: Type.String({ maxLength: 1024, description: 'The e-mail address.' }),
    }),
    { minItems: 1, maxItems: MAX_BULK_SUBSCRIPTIONS },
  ),
  autoVerify: Type.Optional(Type.Boolean({ description: 'Store the subscribers VERIFIED, skipping the confirmation e-mail. Default false.' })),
})
export type BulkSubscriptionBody = Static<typeof BulkSubscriptionBody>

/** A subscriber as stored: the tokens of its links (the verification one until confirmed). */
export const SubscriptionDoc = Type.Object({
  statusPageId: Type.String(),
  type: StringEnum(SUBSCRIPTION_TYPES),
  address: Type.String(),
  status: StringEnum(SUBSCRIPTION_STATUSES),
  verificationToken: Nullable(Type.String()),
  unsubscribeToken: Type.String(),
  verifiedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When the subscriber confirmed.' })),
})
export type SubscriptionDoc = Static<typeof SubscriptionDoc>

export const SubscriptionView = Type.Object(
  {
    id: Type.String(),
    statusPageId: Type.String(),
    type: StringEnum(SUBSCRIPTION_TYPES),
    address: Type.String(),
    status: StringEnum(SUBSCRIPTION_STATUSES, { description: 'PENDING until the subscriber confirms.' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: true },
)
export type SubscriptionView = Static<typeof SubscriptionView>

/**
 * Splits bulk addresses into the ones to create (trimmed, first occurrence of each) and the number skipped:
 * invalid addresses, repeats within the call and addresses already subscribed.
 */
export function planBulk(addresses: readonly string[], alreadySubscribed: ReadonlySet<string>): { create: string[]; skipped: number } {
  const seen = new Set(alreadySubscribed)
  const create: string[] = []
  for (const raw of addresses) {
    const address = raw.trim()
    const key = addressKey(address)
    if (!isEmailAddress(address) || seen.has(key)) continue
    seen.add(key)
    create.push(address)
  }
  return { create, skipped: addresses.length - create.length }
}
