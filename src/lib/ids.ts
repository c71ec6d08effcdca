import { createHash, randomBytes, randomUUID } from 'node:crypto'

export const newId = (): string => randomUUID()

/** A new API key: a recognisable prefix and 32 random bytes, base64url. */
export const newApiKey = (): string => `pk_${randomBytes(32).toString('base64url')}`

/** Keys have 256 bits of entropy, so a fast hash is enough to store them safely. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex')

export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
export const isUuid = (s: string): boolean => new RegExp(UUID_PATTERN).test(s)

/** A stable small integer from a string, used to spread schedules. */
export const stableHash = (s: string): number => createHash('sha1').update(s).digest().readUInt32BE(0)
