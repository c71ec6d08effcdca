/**
 * Files of a result: the asset routes need the account header like every API route, so the bytes are fetched
 * here (the session cookie authenticates) and shown or saved through blob: URLs.
 */
import { currentAccountId } from '../../../api/client'

/** The same-origin path of an asset URL (the manifest gives absolute URLs on the public base address). */
export function assetPath(url: string): string {
  try {
    const u = new URL(url, window.location.origin)
    return `${u.pathname}${u.search}`
  } catch {
    return url
  }
}

export async function fetchAsset(url: string): Promise<Blob> {
  const res = await fetch(assetPath(url), { credentials: 'same-origin', headers: { 'x-service-account': currentAccountId() } })
  if (!res.ok) throw new Error(`The file could not be downloaded (${res.status})`)
  return res.blob()
}

/** Saves an asset under its name (through a temporary blob: link). */
export async function downloadAsset(url: string, name: string): Promise<void> {
  const href = URL.createObjectURL(await fetchAsset(url))
  const a = document.createElement('a')
  a.href = href
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}
