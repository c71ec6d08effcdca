/**
 * README's settings tables against the code that reads the settings: a value out of range stops the start, so
 * every setting src/config/ reads has a row, every integer setting's row gives the range its int() call enforces,
 * and every setting with a fixed set of words lists each of them. The ranges are read from the sources themselves
 * (the calls of env-reader.ts), so a range changed in the code and not in README fails here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')
const readme = read('README.md')

/** The text of README from one heading to the next heading of the same or a higher level. */
function section(heading: string): string {
  const start = readme.indexOf(`\n${heading}\n`)
  if (start < 0) throw new Error(`README has no heading ${heading}`)
  const level = /^#+/.exec(heading)?.[0].length ?? 2
  const rest = readme.slice(start + heading.length + 2)
  const end = rest.search(new RegExp(`\\n#{1,${level}} `))
  return end < 0 ? rest : rest.slice(0, end)
}

/** Table rows whose first cell names the setting (in backticks), with thousands separators removed. */
const rowsOf = (text: string, name: string): string[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('|') && (l.split('|')[1] ?? '').includes(`\`${name}\``))
    .map((l) => l.replace(/(\d),(?=\d{3})/g, '$1'))

/** `1_048_576`, `64 * 1_048_576`. */
const evaluate = (expr: string): number =>
  expr
    .split('*')
    .map((f) => Number(f.trim().replace(/_/g, '')))
    .reduce((a, b) => a * b, 1)

interface Read {
  file: string
  name: string
  range?: [number, number]
  words?: string[]
}

function readsOf(file: string): Read[] {
  const source = read(file)
  const reads: Read[] = []
  for (const m of source.matchAll(/\bint\('([A-Z0-9_]+)',\s*(?:[^,()]+|[^,]*\([^)]*\)[^,]*),\s*([^,]+),\s*([^)]+)\)/g)) {
    reads.push({ file, name: m[1] ?? '', range: [evaluate(m[2] ?? ''), evaluate(m[3] ?? '')] })
  }
  for (const m of source.matchAll(/\boneOf\('([A-Z0-9_]+)',\s*\[([^\]]*)\]/g)) {
    reads.push({ file, name: m[1] ?? '', words: [...(m[2] ?? '').matchAll(/'([^']+)'/g)].map((w) => w[1] ?? '') })
  }
  for (const m of source.matchAll(/'([A-Z][A-Z0-9_]{2,})'/g)) reads.push({ file, name: m[1] ?? '' })
  return reads
}

const SERVICE_FILES = ['src/config/load.ts', 'src/config/operations.ts', 'src/config/trust-proxy.ts', 'src/config/secret-key.ts']
const service = SERVICE_FILES.flatMap(readsOf)
const agent = readsOf('src/config/agent.ts')
const serviceTables = `${section('## Configuration')}\n${section('## Operating Picket')}`
const agentTable = section('## Private locations and the agent')

describe.each([
  { who: 'the service', reads: service, tables: serviceTables },
  { who: 'the agent', reads: agent, tables: agentTable },
])("README's settings of $who", ({ reads, tables }) => {
  it.each([...new Set(reads.map((r) => r.name))])('%s has a row', (name) => {
    expect(rowsOf(tables, name)).not.toEqual([])
  })

  it.each(reads.filter((r) => r.range).map((r) => ({ name: r.name, min: r.range?.[0], max: r.range?.[1] })))('$name: the row gives the range $min–$max', ({ name, min, max }) => {
    expect(rowsOf(tables, name).join('\n')).toContain(`${min}–${max}`)
  })

  it.each(reads.filter((r) => r.words).map((r) => ({ name: r.name, words: r.words ?? [] })))('$name: the row lists $words', ({ name, words }) => {
    const rows = rowsOf(tables, name).join('\n')
    for (const word of words) expect(rows).toContain(`\`${word}\``)
  })
})
