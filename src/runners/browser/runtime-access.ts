/**
 * Whether the runs' user can reach the files a browser run loads from Picket's own installation: the runtime's
 * node_modules and the helper scripts. Runs start as another user (nobody) when Picket runs as root, and the box is
 * started as that user too, so it can only mount what that user may pass through and read. Installed in a folder
 * closed to other users (a home folder of mode 700, say), every run would fail deep inside the box or Playwright
 * with a bare EACCES; instead the run fails saying which folder is closed and how to open it.
 */
import { realpathSync, statSync } from 'node:fs'
import path from 'node:path'

type User = { uid: number; gid: number }

/** The permission bits (rwx as 4/2/1) that apply to `user` on a file of this owner and mode (no capabilities). */
function bitsFor(user: User, st: { uid: number; gid: number; mode: number }): number {
  if (st.uid === user.uid) return (st.mode >> 6) & 7
  if (st.gid === user.gid) return (st.mode >> 3) & 7
  return st.mode & 7
}

type Closed = { path: string; mode: number; need: 'pass through' | 'read' }

/**
 * The first folder on the way to `target` the user may not pass, or `target` itself when it may not read it; null
 * when all is open. Both ways are walked: the path as given (what the box mounts) and the one its links lead to.
 */
export function closedOnTheWay(target: string, user: User): Closed | null {
  return closedAlong(path.resolve(target), user) ?? closedAlong(realpathSync(target), user)
}

function closedAlong(absolute: string, user: User): Closed | null {
  const parts = absolute.split(path.sep).filter(Boolean)
  for (let i = 0; i < parts.length; i++) {
    const p = path.sep + parts.slice(0, i + 1).join(path.sep)
    const st = statSync(p)
    const bits = bitsFor(user, st)
    const last = i === parts.length - 1
    if (!last && (bits & 1) === 0) return { path: p, mode: st.mode & 0o777, need: 'pass through' }
    if (last && ((bits & 4) === 0 || (st.isDirectory() && (bits & 1) === 0))) return { path: p, mode: st.mode & 0o777, need: 'read' }
  }
  return null
}

/** What is wrong, in a sentence a run's error can carry, when `user` cannot reach one of `targets`; else null. */
export function runtimeAccessProblem(targets: readonly string[], user: User | null): string | null {
  if (user === null) return null
  for (const target of targets) {
    let closed: ReturnType<typeof closedOnTheWay>
    try {
      closed = closedOnTheWay(target, user)
    } catch (err) {
      return `Picket cannot look at ${target}, which browser runs need: ${err instanceof Error ? err.message : String(err)}`
    }
    if (!closed) continue
    const mode = closed.mode.toString(8).padStart(3, '0')
    const fix = closed.need === 'pass through' ? `chmod o+x ${closed.path}` : `chmod -R o+rX ${closed.path}`
    return (
      `Browser runs execute as uid ${user.uid}, which cannot ${closed.need} ${closed.path} (mode ${mode}) to reach Picket's installation at ${target}. ` +
      `Install Picket in a folder other users can read (such as /opt/picket), or open the way with \`${fix}\`.`
    )
  }
  return null
}
