/**
 * Where an agent keeps its runs' workspaces, and the cleaning of those a killed agent left behind. Each agent process
 * gets a folder of its own under `<parent>/pka-<uid>/`, with an `owner` file naming the process that holds
 * it (pid and the process's start time, so a pid used again by another process is not mistaken for the owner). At
 * start the agent removes the sibling folders whose owner is gone, which only a killed agent leaves (one that stops
 * removes its own). It keeps the folders of agents still running beside it, never touches what it did not make
 * (a name without an owner file, a file, a link), and never follows a link: fs.rm unlinks links, it does not enter them.
 */
import { readFileSync } from 'node:fs'
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

const OWNER_FILE = 'owner'

export interface AgentWorkspace {
  /** This agent's folder (the browser runner's work folder). */
  dir: string
  /** Folders of killed agents removed at start. */
  removed: string[]
  /** Removes this agent's folder (at a clean stop, once the runners are closed). */
  release(): Promise<void>
}

interface Owner {
  pid: number
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), or null where there is no /proc. */
  start: string | null
}

/** The start time of a process (field 22 of /proc/<pid>/stat, after the command name in parentheses), or null. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function running(owner: Owner, self: Owner): boolean {
  // A folder claiming this very process was left by an earlier one with the same pid (pid 1 in every container).
  if (owner.pid === self.pid && (owner.start === null || owner.start !== self.start)) return false
  try {
    process.kill(owner.pid, 0)
  } catch (err) {
    // EPERM: the process exists (another user's); only "no such process" means it is gone.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  return owner.start === null || processStart(owner.pid) === null || processStart(owner.pid) === owner.start
}

async function ownerOf(dir: string): Promise<Owner | null> {
  try {
    const file = path.join(dir, OWNER_FILE)
    if (!(await lstat(file)).isFile()) return null
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<Owner>
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null
    return { pid: parsed.pid, start: typeof parsed.start === 'string' ? parsed.start : null }
  } catch {
    return null
  }
}

/** The shared base folder, made if missing; refused when it is a link or another user's (anyone may write in /tmp). */
async function baseFolder(parent: string): Promise<string> {
  const uid = process.getuid?.()
  // Short names: the runs' sockets below it must fit in 108 bytes (runners/browser/workspace.ts).
  const base = path.join(parent, `pka-${uid ?? 'user'}`)
  await mkdir(base, { recursive: true, mode: 0o755 })
  const info = await lstat(base)
  if (!info.isDirectory() || (uid !== undefined && info.uid !== uid)) {
    throw new Error(`${base} is not a folder of this user's; remove it or point TMPDIR at a folder of the agent's own`)
  }
  // Runs may execute as another user (nobody), which must pass through to the runs' folders.
  await chmod(base, 0o755)
  return base
}

/** Claims a folder for this agent under `parent` (the system temp folder) after removing those of killed agents. */
export async function claimWorkspace(parent: string, self: Owner = { pid: process.pid, start: processStart(process.pid) }): Promise<AgentWorkspace> {
  const base = await baseFolder(parent)
  const removed: string[] = []
  for (const entry of await readdir(base, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const dir = path.join(base, entry.name)
    const owner = await ownerOf(dir)
    if (owner === null || running(owner, self)) continue
    await rm(dir, { recursive: true, force: true })
    removed.push(dir)
  }
  const dir = await mkdtemp(path.join(base, 'a-'))
  await chmod(dir, 0o755)
  await writeFile(path.join(dir, OWNER_FILE), JSON.stringify(self))
  return { dir, removed, release: () => rm(dir, { recursive: true, force: true }) }
}
