/**
 * `picket init [DIR]`: writes the template project (templates/init: picket.config.ts, one check of each main type,
 * a Playwright spec, a README with the CI example) into DIR, named after the folder. It never overwrites: a folder
 * that already holds any of the template's files is refused, naming them.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CliError } from './api-client.js'

const TEMPLATE_DIR = fileURLToPath(new URL('../../../templates/init/', import.meta.url))
const PLACEHOLDER = /__PROJECT_ID__/g

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = []
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name)
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)))
    else out.push(rel)
  }
  return out.sort()
}

/** A logical id from a folder name: lower case, other characters as dashes. */
export const projectIdFor = (folder: string): string =>
  folder
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .replace(/-+$/, '') || 'my-project'

export async function initProject(cwd: string, dir: string, out: (s: string) => void): Promise<void> {
  const target = path.resolve(cwd, dir)
  const files = await listFiles(TEMPLATE_DIR)
  const taken: string[] = []
  for (const f of files) {
    if (
      await fs.stat(path.join(target, f)).then(
        () => true,
        () => false,
      )
    )
      taken.push(f)
  }
  if (taken.length > 0) throw new CliError(`${target} already has ${taken.join(', ')}: picket init writes only into a folder without them`)
  const projectId = projectIdFor(path.basename(target))
  for (const f of files) {
    const text = (await fs.readFile(path.join(TEMPLATE_DIR, f), 'utf8')).replace(PLACEHOLDER, projectId)
    await fs.mkdir(path.dirname(path.join(target, f)), { recursive: true })
    await fs.writeFile(path.join(target, f), text)
  }
  out(
    [
      `Wrote a project "${projectId}" to ${target}:`,
      ...files.map((f) => `  ${f}`),
      '',
      'Next: edit the checks, then',
      `  cd ${path.relative(cwd, target) || '.'}`,
      '  picket login --url URL --account ID --key KEY',
      '  picket test            # run them once now',
      '  picket deploy --preview && picket deploy',
    ].join('\n'),
  )
}
