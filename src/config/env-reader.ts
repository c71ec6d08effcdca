/** Reading settings from an environment: each reader returns the value or its fallback and notes every problem. */
export type Env = Record<string, string | undefined>

export interface EnvReader {
  /** The trimmed value, or undefined when unset or blank. */
  str(name: string): string | undefined
  /** An integer in [min, max]; otherwise a problem is noted and the fallback returned. */
  int(name: string, fallback: number, min: number, max: number): number
  /** One of the allowed words (case-insensitive), or the fallback. */
  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T
  /** A comma-separated list of non-empty items (empty when unset). */
  list(name: string): string[]
}

export function envReader(env: Env, problems: string[]): EnvReader {
  const str = (name: string): string | undefined => {
    const raw = env[name]
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim()
  }
  return {
    str,
    int(name, fallback, min, max) {
      const raw = str(name)
      if (raw === undefined) return fallback
      const n = Number(raw)
      if (!/^-?\d+$/.test(raw) || n < min || n > max) {
        problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`)
        return fallback
      }
      return n
    },
    oneOf(name, allowed, fallback) {
      const raw = str(name)?.toLowerCase()
      if (raw === undefined) return fallback
      const hit = allowed.find((a) => a.toLowerCase() === raw)
      if (hit === undefined) problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`)
      return hit ?? fallback
    },
    list(name) {
      return (str(name) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
    },
  }
}
