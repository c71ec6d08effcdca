/**
 * Whether the runs' user (nobody) can reach Picket's installation, on real folders: a closed folder on the way, or
 * an unreadable node_modules, is named with its mode and the command that opens it; an open tree is no problem,
 * and neither is anything when runs start as this process's own user.
 */
import { chmod, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimeAccessProblem } from '../../src/runners/browser/runtime-access.js'

const NOBODY = { uid: 65534, gid: 65534 }

describe('runtime access of the runs’ user', () => {
  let tmp = ''
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'picket-access-'))
    await chmod(tmp, 0o755)
  })
  afterAll(() => rm(tmp, { recursive: true, force: true }))

  /** <tmp>/<name>/install/node_modules with the given modes. */
  async function install(name: string, modes: { top: number; modules: number }): Promise<{ top: string; modules: string }> {
    const top = path.join(tmp, name)
    const modules = path.join(top, 'install', 'node_modules')
    await mkdir(modules, { recursive: true })
    await chmod(path.join(top, 'install'), 0o755)
    await chmod(modules, modes.modules)
    await chmod(top, modes.top)
    return { top, modules }
  }

  it.each([
    ['a folder on the way closed to others', 'home', { top: 0o700, modules: 0o755 }, 'top', 'cannot pass through', 'mode 700', 'chmod o+x'],
    ['node_modules unreadable by others', 'private-modules', { top: 0o755, modules: 0o711 }, 'modules', 'cannot read', 'mode 711', 'chmod -R o+rX'],
  ] as const)('names %s, its mode and the fix', async (_what, name, modes, culprit, says, mode, fix) => {
    const dirs = await install(name, modes)
    const problem = runtimeAccessProblem([dirs.modules], NOBODY)
    expect(problem).toContain(`uid 65534, which ${says} ${dirs[culprit]} (${mode})`)
    expect(problem).toContain(`\`${fix} ${dirs[culprit]}\``)
    expect(problem).toContain('/opt/picket')
  })

  it('finds a closed folder on the way to a link as well as behind it', async () => {
    const open = await install('open', { top: 0o755, modules: 0o755 })
    const closed = path.join(tmp, 'closed-home')
    await mkdir(path.join(closed, 'picket'), { recursive: true })
    await chmod(closed, 0o700)
    await symlink(open.modules, path.join(closed, 'picket', 'node_modules'))
    expect(runtimeAccessProblem([open.modules], NOBODY)).toBeNull()
    expect(runtimeAccessProblem([path.join(closed, 'picket', 'node_modules')], NOBODY)).toContain(`cannot pass through ${closed} (mode 700)`)
  })

  it('has nothing to say when runs start as this process’s user, or the tree is open', async () => {
    const closed = await install('closed-but-own', { top: 0o700, modules: 0o700 })
    expect(runtimeAccessProblem([closed.modules], null)).toBeNull()
    await chmod(closed.top, 0o755)
    await chmod(closed.modules, 0o755)
    expect(runtimeAccessProblem([closed.modules], NOBODY)).toBeNull()
  })
})
