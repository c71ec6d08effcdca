/** Reading and writing the one cookie a private dashboard needs (pure). */

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(eq + 1).trim())
    } catch {
      return undefined
    }
  }
  return undefined
}

/** HTTP-only, SameSite=Lax (a link from elsewhere still opens the dashboard), kept about a year, Secure over https. */
export const keyCookie = (name: string, value: string, path: string, secure: boolean): string =>
  `${name}=${encodeURIComponent(value)}; Path=${path}; Max-Age=34560000; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
