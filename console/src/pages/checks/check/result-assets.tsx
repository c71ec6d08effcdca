/**
 * Screenshots (shown, enlarged in a dialog or opened alone in a new tab), traces (opened in Playwright's trace viewer in a new
 * tab, or downloaded) and reports, videos and logs (downloaded) of a browser, multi-step or Playwright run.
 */
import { useEffect, useState } from 'preact/hooks'
import { currentAccountId } from '../../../api/client'
import { picketApi } from '../../../api/endpoints'
import { useApi } from '../../../api/hooks'
import { Button, Card, ErrorBanner, Loading } from '../../../ui/kit'
import type { AssetEntry } from '../types'
import { downloadAsset, fetchAsset } from './asset-fetch'
import { assetLinkPath, opensInTraceViewer, traceViewerHref } from './asset-links'
import { ScreenshotView } from './screenshot-view'

function Screenshot(props: { asset: AssetEntry }) {
  const [src, setSrc] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    let url: string | null = null
    let live = true
    fetchAsset(props.asset.url).then(
      (blob) => {
        url = URL.createObjectURL(blob)
        if (live) setSrc(url)
        else URL.revokeObjectURL(url)
      },
      (err: unknown) => live && setError(err),
    )
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [props.asset.url])
  const full = assetLinkPath(props.asset.url, currentAccountId(), { inline: true })
  return (
    <figure class="screenshot">
      {error ? <ErrorBanner error={error} /> : src ? <ScreenshotView src={src} full={full} name={props.asset.name} /> : <Loading label="Loading screenshot…" />}
      <figcaption class="small muted">{props.asset.name}</figcaption>
    </figure>
  )
}

function Download(props: { asset: AssetEntry }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const go = async () => {
    setBusy(true)
    setError(null)
    try {
      await downloadAsset(props.asset.url, props.asset.name)
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }
  return (
    <li>
      {opensInTraceViewer(props.asset) ? (
        <>
          <a class="btn btn-primary" href={traceViewerHref(props.asset.url, currentAccountId())} target="_blank" rel="noopener noreferrer">
            Open trace
          </a>{' '}
        </>
      ) : null}
      <Button busy={busy} onClick={() => void go()}>
        Download {props.asset.name}
      </Button>
      <span class="muted small"> {props.asset.type}</span>
      <ErrorBanner error={error} />
    </li>
  )
}

export function ResultAssets(props: { checkId: string; resultId: string }) {
  const q = useApi(picketApi.checkResults.assets(props.checkId, props.resultId))
  const assets = q.data?.assets ?? []
  const shots = assets.filter((a) => a.type === 'screenshot' && a.contentType.startsWith('image/'))
  const files = assets.filter((a) => !shots.includes(a))
  return (
    <>
      <Card title="Screenshots">
        <ErrorBanner error={q.error} title="Files could not be listed" />
        {q.isLoading ? (
          <Loading />
        ) : shots.length > 0 ? (
          <div class="screenshots">
            {shots.map((a) => (
              <Screenshot asset={a} key={a.name} />
            ))}
          </div>
        ) : (
          <p class="muted">No screenshots for this run.</p>
        )}
      </Card>
      <Card title="Traces, reports and files">
        {q.isLoading ? null : files.length > 0 ? (
          <ul class="downloads">
            {files.map((a) => (
              <Download asset={a} key={a.name} />
            ))}
          </ul>
        ) : (
          <p class="muted">No other files for this run.</p>
        )}
      </Card>
    </>
  )
}
