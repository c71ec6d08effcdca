import { describe, expect, it } from 'vitest'
import { assetLinkPath, opensInTraceViewer, traceViewerHref } from '../src/pages/checks/check/asset-links'

const URL_OF = 'https://picket.example.com/v1/check-results/c-1/r-1/assets/Home-Page.png'

describe('asset links', () => {
  it('are same-origin paths naming the account, inline when asked', () => {
    expect(assetLinkPath(URL_OF, 'acc-1')).toBe('/v1/check-results/c-1/r-1/assets/Home-Page.png?account=acc-1')
    expect(assetLinkPath(URL_OF, 'acc-1', { inline: true })).toBe('/v1/check-results/c-1/r-1/assets/Home-Page.png?disposition=inline&account=acc-1')
  })

  it('drop whatever query or origin the manifest URL had', () => {
    expect(assetLinkPath('https://elsewhere.example/v1/check-results/c/r/assets/t.zip?account=x&disposition=inline', 'acc 2')).toBe(
      '/v1/check-results/c/r/assets/t.zip?account=acc+2',
    )
  })

  it('open the trace viewer with the trace as a same-origin path', () => {
    const href = traceViewerHref('https://picket.example.com/v1/check-results/c-1/r-1/assets/trace.zip', 'acc-1')
    expect(href.startsWith('/trace-viewer/index.html?trace=')).toBe(true)
    expect(new URL(href, 'http://x').searchParams.get('trace')).toBe('/v1/check-results/c-1/r-1/assets/trace.zip?account=acc-1')
  })

  it.each<[{ type: string; name: string; contentType: string }, boolean]>([
    [{ type: 'trace', name: 'trace.zip', contentType: 'application/zip' }, true],
    [{ type: 'trace', name: 'shop-trace', contentType: 'application/x-zip-compressed' }, true],
    [{ type: 'trace', name: 'trace.json', contentType: 'application/json' }, false],
    [{ type: 'report', name: 'report.zip', contentType: 'application/zip' }, false],
  ])('a trace viewer link for %j: %s', (asset, expected) => {
    expect(opensInTraceViewer(asset)).toBe(expected)
  })
})
