// The resolution hook of record-modules.mjs: appends each module resolved to the record file.
import fs from 'node:fs'

let file

export function initialize(data) {
  file = data.file
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  fs.appendFileSync(file, `${resolved.url}\n`)
  return resolved
}
