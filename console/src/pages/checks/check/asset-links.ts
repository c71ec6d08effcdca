/**
 * Links to a result's files that the browser follows by itself: an image shown at full size in a tab, and a
 * trace opened in Playwright's trace viewer (served by Picket at /trace-viewer/). A link cannot send
 * X-Service-Account, so it names the account in the `account` query parameter; the session cookie authenticates
 * it as it does every console request. Both are same-origin paths: the viewer loads a trace from this service only.
 */

export const TRACE_VIEWER_PAGE = '/trace-viewer/index.html'

/** The same-origin path of an asset for a link: the account named, shown inline when asked. */
export function assetLinkPath(url: string, accountId: string, options: { inline?: boolean } = {}): string {
  const u = new URL(url, 'http://picket.invalid')
  u.search = ''
  if (options.inline) u.searchParams.set('disposition', 'inline')
  u.searchParams.set('account', accountId)
  return `${u.pathname}${u.search}`
}

/** The trace viewer's page with this trace to load. */
export function traceViewerHref(url: string, accountId: string): string {
  return `${TRACE_VIEWER_PAGE}?${new URLSearchParams({ trace: assetLinkPath(url, accountId) }).toString()}`
}

/** A Playwright trace is a zip; other files of type trace are only downloaded. */
export function opensInTraceViewer(asset: { type: string; name: string; contentType: string }): boolean {
  return asset.type === 'trace' && (/\.zip$/i.test(asset.name) || /zip/i.test(asset.contentType))
}
