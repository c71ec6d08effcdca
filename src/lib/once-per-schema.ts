/**
 * A schema compiler that compiles each distinct schema once. A schema is known by its JSON text, so code that builds
 * equal schemas afresh (a route registered again, a payload rule per resource) shares one compiled function; the
 * cache holds one entry per distinct schema. The same schema object asked for again is found by identity first:
 * callers that look a schema up on every request (the response check) would otherwise serialize it every time, and
 * a list of checks' schema is about 60 KB of JSON. Schemas are not changed once compiled.
 */
export function oncePerSchema<F>(compile: (schema: object) => F): (schema: object) => F {
  const compiled = new Map<string, F>()
  const byObject = new WeakMap<object, F>()
  return (schema) => {
    const seen = byObject.get(schema)
    if (seen) return seen
    const key = JSON.stringify(schema)
    let fn = compiled.get(key)
    if (!fn) {
      fn = compile(schema)
      compiled.set(key, fn)
    }
    byObject.set(schema, fn)
    return fn
  }
}
