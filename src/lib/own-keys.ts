/**
 * Lookups and writes on plain objects by a key that came from outside (a request, a stored document, a target's
 * answer, a user's script). `record[key]` also finds what every object inherits: `constructor` and `toString` are
 * functions and `__proto__` is Object.prototype, so an unknown key would read as a known one; and assigning to
 * `__proto__` replaces the object's prototype instead of storing the value. These helpers see own properties only.
 */

/** The value `record` holds under `key` itself; undefined for a key it does not hold (inherited ones included). */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

/** True when `key` is one of `record`'s own keys, so that `record[key]` is what the table says. */
export function hasOwnKey<R extends object>(record: R, key: string): key is Extract<keyof R, string> {
  return Object.hasOwn(record, key)
}

/** Stores `value` under `key` as an own, enumerable property, `__proto__` included (JSON.stringify then writes it). */
export function setOwn<V>(record: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true })
}
