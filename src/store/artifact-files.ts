/**
 * The files browser, multi-step and Playwright runs leave behind (traces, screenshots, reports, logs), kept on disk
 * under one root: <root>/<accountId>/<checkId>/<resultId>/<name>. Every path segment is checked against a strict
 * character set before it is joined, and the joined path is checked to lie under the root, so that no id or name
 * from a request can reach outside it. With several instances the root must be a shared volume.
 */
import { randomBytes } from 'node:crypto'
import { createWriteStream, promises as fs } from 'node:fs'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { limitTo, TooLarge } from '../lib/byte-limit.js'
import path from 'node:path'
import type { ArtifactType, RunArtifact } from '../runners/contract.js'

export interface ArtifactKey {
  accountId: string
  checkId: string
  resultId: string
}

export interface StoredAsset {
  type: ArtifactType
  name: string
  contentType: string
  size: number
}

export interface ArtifactFiles {
  /**
   * Copies each artifact to <root>/<accountId>/<checkId>/<resultId>/<name>, passing its bytes through `transform`
   * when given (secret redaction). Invalid or repeated names are skipped, and so is an artifact that cannot be read
   * or written, or whose transform returns no bytes for a non-empty file (it could not be made safe). Returns what
   * was stored. Never throws for one artifact's sake.
   */
  save(key: ArtifactKey, artifacts: RunArtifact[], transform?: (bytes: Buffer, artifact: RunArtifact) => Buffer): Promise<StoredAsset[]>
  /** A stored file for download, or null. Never escapes the root (validate every segment). */
  open(key: ArtifactKey, name: string): Promise<{ path: string; size: number } | null>
  /** Deletes result folders older than `olderThan` (epoch ms, by the folder's mtime) and empty parents; returns how many result folders were removed. */
  prune(olderThan: number): Promise<number>
  /** Deletes everything of one check (when a check is deleted), best effort. */
  removeCheck(accountId: string, checkId: string): Promise<void>
  /**
   * Streams an uploaded file (a private-location agent's artifact) to <root>/_staging/<scope>/<name>, never
   * holding it whole in memory; past `limitBytes` the upload stops and nothing is kept ('too-large').
   */
  stage(scope: string, name: string, body: Readable, limitBytes: number): Promise<{ size: number } | 'too-large' | 'invalid'>
  /** The path of a staged file, or null when there is none. */
  staged(scope: string, name: string): Promise<string | null>
  /** Removes a scope's staged files. */
  unstage(scope: string): Promise<void>
  /** Removes staged scopes last written before olderThan (uploads whose result never came); returns how many. */
  pruneStaging(olderThan: number): Promise<number>
}

const STAGING = '_staging'

/** The characters of an artifact name (runner contract) and of the ids: one path segment, never `.` or `..`. */
const SEGMENT = /^[A-Za-z0-9._@-]{1,200}$/

export const isSafeSegment = (s: unknown): s is string => typeof s === 'string' && SEGMENT.test(s) && s !== '.' && s !== '..'

const errno = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code

async function listDirs(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true })
    return entries.filter((e) => e.isDirectory() && isSafeSegment(e.name)).map((e) => e.name)
  } catch {
    return []
  }
}

/** Removes `dir` if it is empty; anything else (not empty, gone, in use) is left as it is. */
const removeIfEmpty = (dir: string): Promise<void> => fs.rmdir(dir).catch(() => undefined)

export function artifactFiles(root: string): ArtifactFiles {
  const base = path.resolve(root)
  /** The path of these segments under the root, or null when one of them is not a safe segment. */
  const under = (...segments: string[]): string | null => {
    if (!segments.every(isSafeSegment)) return null
    const full = path.resolve(base, ...segments)
    return full.startsWith(base + path.sep) ? full : null
  }
  const resultDir = (key: ArtifactKey) => under(key.accountId, key.checkId, key.resultId)

  /** Writes through a temporary name (never a valid artifact name: `~`) so that a half-written file is never served. */
  async function writeOnce(dir: string, name: string, artifact: RunArtifact, transform: ((bytes: Buffer, a: RunArtifact) => Buffer) | undefined): Promise<number | null> {
    await fs.mkdir(dir, { recursive: true })
    const target = path.join(dir, name)
    const temp = `${target}~${randomBytes(6).toString('hex')}`
    try {
      if (transform) {
        const original = await fs.readFile(artifact.path)
        const bytes = transform(original, artifact)
        if (bytes.length === 0 && original.length > 0) return null
        await fs.writeFile(temp, bytes)
      } else {
        await fs.copyFile(artifact.path, temp)
      }
      await fs.rename(temp, target)
      return (await fs.stat(target)).size
    } catch (err) {
      await fs.rm(temp, { force: true }).catch(() => undefined)
      throw err
    }
  }

  return {
    async save(key, artifacts, transform) {
      const dir = resultDir(key)
      if (!dir) return []
      const stored: StoredAsset[] = []
      const seen = new Set<string>()
      for (const artifact of artifacts) {
        if (!isSafeSegment(artifact.name) || seen.has(artifact.name)) continue
        seen.add(artifact.name)
        let size: number | null
        try {
          size = await writeOnce(dir, artifact.name, artifact, transform)
        } catch (err) {
          // A prune may have removed the (then empty) parent folders between mkdir and write: once more.
          if (errno(err) !== 'ENOENT') continue
          size = await writeOnce(dir, artifact.name, artifact, transform).catch(() => null)
        }
        if (size !== null) stored.push({ type: artifact.type, name: artifact.name, contentType: artifact.contentType, size })
      }
      return stored
    },

    async open(key, name) {
      const dir = resultDir(key)
      const file = dir && isSafeSegment(name) ? path.join(dir, name) : null
      if (!file) return null
      try {
        const st = await fs.lstat(file)
        return st.isFile() ? { path: file, size: st.size } : null
      } catch {
        return null
      }
    },

    async prune(olderThan) {
      let removed = 0
      for (const account of await listDirs(base)) {
        if (account === STAGING) continue
        const accountDir = path.join(base, account)
        for (const check of await listDirs(accountDir)) {
          const checkDir = path.join(accountDir, check)
          for (const result of await listDirs(checkDir)) {
            const dir = path.join(checkDir, result)
            const st = await fs.stat(dir).catch(() => null)
            if (!st || st.mtimeMs >= olderThan) continue
            await fs.rm(dir, { recursive: true, force: true }).then(
              () => removed++,
              () => undefined,
            )
          }
          await removeIfEmpty(checkDir)
        }
        await removeIfEmpty(accountDir)
      }
      return removed
    },

    async removeCheck(accountId, checkId) {
      const dir = under(accountId, checkId)
      if (!dir) return
      await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined)
      const accountDir = under(accountId)
      if (accountDir) await removeIfEmpty(accountDir)
    },

    async stage(scope, name, body, limitBytes) {
      const dir = under(STAGING, scope)
      if (!dir || !isSafeSegment(name)) return 'invalid'
      await fs.mkdir(dir, { recursive: true })
      const target = path.join(dir, name)
      const temp = `${target}~${randomBytes(6).toString('hex')}`
      try {
        await pipeline(body, limitTo(limitBytes), createWriteStream(temp))
        await fs.rename(temp, target)
        return { size: (await fs.stat(target)).size }
      } catch (err) {
        await fs.rm(temp, { force: true }).catch(() => undefined)
        if (err instanceof TooLarge) return 'too-large'
        throw err
      }
    },

    async staged(scope, name) {
      const file = under(STAGING, scope, name)
      const st = file ? await fs.lstat(file).catch(() => null) : null
      return file && st?.isFile() ? file : null
    },

    async unstage(scope) {
      const dir = under(STAGING, scope)
      if (dir) await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined)
    },

    async pruneStaging(olderThan) {
      let removed = 0
      const staging = path.join(base, STAGING)
      for (const scope of await listDirs(staging)) {
        const dir = path.join(staging, scope)
        const st = await fs.stat(dir).catch(() => null)
        if (st && st.mtimeMs < olderThan)
          await fs.rm(dir, { recursive: true, force: true }).then(
            () => removed++,
            () => undefined,
          )
      }
      return removed
    },
  }
}
