/** What `picket migrate` prints: the migrations it applied, in order, or that the database was up to date. */
export function describeMigration(applied: readonly string[], where: string): string {
  if (applied.length === 0) return `Database ${where} is up to date: no migrations to apply.`
  return [`Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} to ${where}:`, ...applied.map((name) => `  ${name}`)].join('\n')
}

/** Where the store is, for messages: the PostgreSQL host and database (never the password), or the SQLite file. */
export function describeStore(databaseUrl: string | undefined, sqliteFile: string): string {
  if (!databaseUrl) return `SQLite ${sqliteFile}`
  try {
    const url = new URL(databaseUrl)
    return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`
  } catch {
    return 'PostgreSQL (DATABASE_URL)'
  }
}
