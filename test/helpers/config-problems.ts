/** The problems a configuration loader lists (none: []); anything but a ConfigError is the test's failure. */
import { ConfigError } from '../../src/config/load.js'

export function configProblems(load: () => unknown): string[] {
  try {
    load()
    return []
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
}
