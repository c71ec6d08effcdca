/**
 * What the secret rules read: environment variable entries and the documents holding them (checks', groups'). Their
 * shapes are their resources' contracts; the rules also read entries that may be malformed (a body that failed its
 * schema, a document stored long ago), so each field here is known by name and checked where it is used.
 */

/** An environment variable entry as the secret rules read it. */
export interface EnvironmentVariableEntry {
  readonly key?: unknown
  readonly value?: unknown
  readonly locked?: unknown
  readonly secret?: unknown
}

/**
 * The environment variables a document holds (a check's, a group's), if any: any document may be given, whatever
 * its resource's type says of the field.
 */
export const environmentVariablesOf = (doc: object | undefined): unknown => (doc !== undefined && 'environmentVariables' in doc ? doc.environmentVariables : undefined)

/** An object (not null, not a list): an entry to read field by field. */
export const isEntry = (value: unknown): value is EnvironmentVariableEntry => value !== null && typeof value === 'object' && !Array.isArray(value)
