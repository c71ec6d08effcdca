/**
 * A record whose properties are made on first read, each once, then kept: for a wide record (every store, bound to
 * one transaction) of which each user reads a few. A proxy, because defining one getter per property cost more than
 * building most of what it defers. Its keys enumerate (picking or spreading it makes what it reads); it is read-only.
 */
export function lazyRecord<T extends object>(makers: { [K in keyof T]: () => T[K] }): T {
  const made = new Map<keyof T, unknown>()
  const isKey = (key: PropertyKey): key is keyof T & string => typeof key === 'string' && Object.hasOwn(makers, key)
  const valueOf = (key: keyof T & string): unknown => {
    if (!made.has(key)) made.set(key, makers[key]())
    return made.get(key)
  }
  const handler: ProxyHandler<object> = {
    get: (_target, key) => (isKey(key) ? valueOf(key) : undefined),
    has: (_target, key) => isKey(key),
    ownKeys: () => Object.keys(makers),
    getOwnPropertyDescriptor: (_target, key) => (isKey(key) ? { value: valueOf(key), enumerable: true, configurable: true, writable: false } : undefined),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  }
  // The record is the proxy over an empty target that is never written; every key of T reads through `get`.
  return new Proxy({}, handler) as T
}
