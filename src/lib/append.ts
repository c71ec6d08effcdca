/** Appends every item to the array in place: `push(...items)` overflows the call stack past ~100,000 items. */
export function appendAll<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item)
}
