/**
 * A schema compiler that compiles each distinct schema once. A schema is known by its JSON text, so code that builds
 * equal schemas afresh (a route registered again, a payload rule per resource) shares one compiled function; the
 * cache holds one entry per distinct schema.
 */
export function oncePerSchema<F>(compile: (schema: object) => F): (schema: object) => F {
  const compiled = new Map<string, F>()
  return (schema) => {
    const key = JSON.stringify(schema)
    let fn = compiled.get(key)
    if (!fn) {
      fn = compile(schema)
      compiled.set(key, fn)
    }
    return fn
  }
}
