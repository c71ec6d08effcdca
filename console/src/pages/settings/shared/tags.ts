/** Tags are typed as one comma-separated text. */
export const parseTags = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
  ),
]

export const formatTags = (tags: readonly string[] | null | undefined): string => (tags ?? []).join(', ')
