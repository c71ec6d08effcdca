/** matchTags of a check-session trigger (pure): OR of AND-lists; a tag prefixed with ! must be absent. */
export function matchesTags(expression: string[][], tags: string[]): boolean {
  const have = new Set(tags)
  return expression.some((all) => all.length > 0 && all.every((t) => (t.startsWith('!') ? !have.has(t.slice(1)) : have.has(t))))
}
