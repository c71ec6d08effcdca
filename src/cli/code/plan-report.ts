/** How a deploy's, a preview's or a destroy's changes read in a terminal: one line per resource that changes. */
import type { DeployResponse, ResourceChange } from '../../domain/projects/deploy-request.js'

const SIGN: Record<ResourceChange['action'], string> = { create: '+', update: '~', delete: '-', unchanged: '=' }

/** `verb.done`: "deployed" or "destroyed"; `verb.planned`: the summary's title, "Applied". */
export function formatChanges(answer: DeployResponse, verb: { done: string; planned: string }): string {
  const lines: string[] = []
  const changing = answer.changes.filter((c) => c.action !== 'unchanged')
  const head = answer.preview ? `Preview of project "${answer.project.logicalId}" (nothing was changed):` : `Project "${answer.project.logicalId}" ${verb.done}:`
  lines.push(head)
  for (const c of changing) {
    const fields = c.action === 'update' && c.fields && c.fields.length > 0 ? ` (${c.fields.join(', ')})` : ''
    const id = c.id === null ? '' : ` [${String(c.id)}]`
    lines.push(`  ${SIGN[c.action]} ${c.kind} ${c.logicalId}${fields}${id}`)
  }
  const s = answer.summary
  const counts = answer.preview
    ? `Plan: ${s.create} to create, ${s.update} to update, ${s.delete} to delete, ${s.unchanged} unchanged.`
    : `${verb.planned}: ${s.create} created, ${s.update} updated, ${s.delete} deleted, ${s.unchanged} unchanged.`
  lines.push(changing.length === 0 ? `  No changes (${s.unchanged} unchanged).` : `  ${counts}`)
  return lines.join('\n')
}
