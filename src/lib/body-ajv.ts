/**
 * The JSON-schema validators of request bodies: strict types (no coercion), no injected defaults (the domain applies
 * defaults, so that updates can merge), every error reported. The API compiles its route bodies with one; a deploy
 * validates each resource's payload against the same route schemas with another, so both judge a body alike.
 */
import { Ajv, type Options } from 'ajv'
import addFormatsModule from 'ajv-formats'

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

// verbose: each error carries its field's schema, whose `errorMessage` or `description` says in words what a pattern allows.
export const COMMON_AJV_OPTIONS: Options = { allErrors: true, strict: false, removeAdditional: false, allowUnionTypes: true, verbose: true }

export const createBodyAjv = (): Ajv => addFormats(new Ajv({ ...COMMON_AJV_OPTIONS, coerceTypes: false, useDefaults: false }))

/** Query strings and path parameters: coerced from text, defaults applied. */
export const createTextAjv = (): Ajv => addFormats(new Ajv({ ...COMMON_AJV_OPTIONS, coerceTypes: 'array', useDefaults: true }))
