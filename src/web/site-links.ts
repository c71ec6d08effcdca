/**
 * Where a public page and its parts are, for one way of reaching it: the path form (/dashboards/{customUrl},
 * /status-pages/{url}) or a host of its own (subdomain or custom domain), where the page is `/` and its parts are
 * under `/_site/` so that they never meet other routes of the service.
 */
export interface SiteLinks {
  /** The page itself. */
  page: string
  /** A part of the page: data, feed.rss, custom.css … */
  part(name: string): string
  /** The path cookies of this page are scoped to. */
  cookiePath: string
}

export const pathLinks = (base: string): SiteLinks => ({ page: base, part: (name) => `${base}/${name}`, cookiePath: base })

export const hostLinks: SiteLinks = { page: '/', part: (name) => `/_site/${name}`, cookiePath: '/' }

/** A URL with query parameters (those undefined are left out). */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v))
  const s = q.toString()
  return s ? `${path}?${s}` : path
}
