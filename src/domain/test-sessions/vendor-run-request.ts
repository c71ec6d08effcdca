/**
 * The run requests of the hosted service's CLI (pure): `checkly test` sends the checks of the project it parsed
 * (`POST /v1/test-sessions/run`, each check in the construct form a deploy sends, with its group inline), and
 * `checkly trigger` names deployed checks by id or tags (`POST /next/test-sessions/trigger`). Both name the suite
 * id the client subscribed to on the result stream. Malformed fields are all named in one ValidationError.
 */
import { ValidationError, type FieldErrors } from '../errors.js'
import type { TestSessionMetadata } from './contract.js'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)
/** A level of a stream topic: no separators or wildcards, bounded. */
const TOPIC_LEVEL = /^[A-Za-z0-9_.:@-]{1,100}$/

export interface VendorRunJob {
  logicalId: string
  checkType: string
  /** The client's id of this run (a level of its topics). */
  checkRunId: string
  sourceFile: string | undefined
  /** The check's construct payload, without what only the run request carries. */
  payload: Json
  group: { logicalId: string; payload: Json } | undefined
}

export interface VendorRunCommon {
  name: string
  suiteId: string
  /** A data-center region, or a private location's id. */
  runLocation: string | undefined
  shouldRecord: boolean
  /** Dependencies installed anew rather than taken from the cache (--refresh-cache). */
  refreshCache: boolean
  metadata: TestSessionMetadata
}

export interface VendorRun extends VendorRunCommon {
  projectLogicalId: string
  jobs: VendorRunJob[]
}

export interface VendorTrigger extends VendorRunCommon {
  checkIds: string[]
  tags: string[][]
  environmentVariables: Array<{ key: string; value: string; secret: boolean }>
  /** The client's --retries as a strategy, or null: no retries. */
  retryStrategy: { type: string } | null
}

const RUN_ONLY_FIELDS = ['testRetryStrategy', 'group', 'sourceInfo', 'logicalId', 'filePath']
export const MAX_RUN_JOBS = 500

function runLocation(v: unknown, errors: FieldErrors): string | undefined {
  if (v === undefined || v === null) return undefined
  if (isObject(v) && v.type === 'PUBLIC' && typeof v.region === 'string' && v.region !== '') return v.region
  if (isObject(v) && v.type === 'PRIVATE' && typeof v.id === 'string' && v.id !== '') return v.id
  errors.runLocation = 'must be {type: "PUBLIC", region} or {type: "PRIVATE", id}'
  return undefined
}

/** The session's metadata from the client's repository and CI information. */
function metadataOf(body: Json): TestSessionMetadata {
  const repo = isObject(body.repoInfo) ? body.repoInfo : {}
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v.slice(0, 1000) : undefined)
  const pick = {
    repoUrl: text(repo.repoUrl),
    commitId: text(repo.commitId),
    branchName: text(repo.branchName),
    commitOwner: text(repo.commitOwner),
    commitMessage: text(repo.commitMessage),
    environment: text(body.environment)?.slice(0, 255),
  }
  return Object.fromEntries(Object.entries(pick).filter(([, v]) => v !== undefined)) as TestSessionMetadata
}

function common(body: Json, suiteId: unknown, fallbackName: string, errors: FieldErrors): VendorRunCommon {
  if (typeof suiteId !== 'string' || !TOPIC_LEVEL.test(suiteId)) errors.checkRunSuiteId = 'is required: the id the client subscribed to (letters, digits, -, _, ., :, @)'
  if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length > 255)) errors.name = 'must be a string of at most 255 characters'
  return {
    name: typeof body.name === 'string' && body.name !== '' ? body.name : fallbackName,
    suiteId: String(suiteId),
    runLocation: runLocation(body.runLocation, errors),
    shouldRecord: body.shouldRecord !== false,
    refreshCache: body.refreshCache === true,
    metadata: metadataOf(body),
  }
}

function job(raw: unknown, i: number, errors: FieldErrors): VendorRunJob | undefined {
  const at = `checkRunJobs[${i}]`
  if (!isObject(raw)) return void (errors[at] = 'must be an object')
  const source = isObject(raw.sourceInfo) ? raw.sourceInfo : {}
  if (typeof raw.logicalId !== 'string' || raw.logicalId === '') errors[`${at}.logicalId`] = 'is required'
  if (typeof raw.checkType !== 'string') errors[`${at}.checkType`] = 'is required'
  if (typeof source.checkRunId !== 'string' || !TOPIC_LEVEL.test(source.checkRunId)) errors[`${at}.sourceInfo.checkRunId`] = 'is required (letters, digits, -, _, ., :, @)'
  const groupRef = isObject(raw.groupId) && typeof raw.groupId.ref === 'string' ? raw.groupId.ref : undefined
  if (groupRef !== undefined && !isObject(raw.group)) errors[`${at}.group`] = 'is required when groupId names a group'
  // A test run retries as the client's --retries says (testRetryStrategy), never as the check would when scheduled.
  const retryStrategy = isObject(raw.testRetryStrategy) ? raw.testRetryStrategy : null
  const payload = { ...Object.fromEntries(Object.entries(raw).filter(([k]) => !RUN_ONLY_FIELDS.includes(k))), retryStrategy, doubleCheck: false }
  return {
    logicalId: String(raw.logicalId),
    checkType: String(raw.checkType),
    checkRunId: String(source.checkRunId),
    sourceFile: typeof raw.filePath === 'string' ? raw.filePath : undefined,
    payload,
    group: groupRef !== undefined && isObject(raw.group) ? { logicalId: groupRef, payload: raw.group } : undefined,
  }
}

export function parseVendorRun(body: unknown): VendorRun {
  const errors: FieldErrors = {}
  const b = isObject(body) ? body : {}
  const list = Array.isArray(b.checkRunJobs) ? b.checkRunJobs : []
  if (list.length === 0 || list.length > MAX_RUN_JOBS) errors.checkRunJobs = `must list 1 to ${MAX_RUN_JOBS} checks`
  const jobs = list.slice(0, MAX_RUN_JOBS).map((j, i) => job(j, i, errors))
  const suites = new Set(list.map((j) => (isObject(j) && isObject(j.sourceInfo) ? j.sourceInfo.checkRunSuiteId : undefined)))
  if (suites.size > 1) errors['checkRunJobs.sourceInfo.checkRunSuiteId'] = 'must be the same for every check of a run'
  const project = isObject(b.project) && typeof b.project.logicalId === 'string' && b.project.logicalId !== '' ? b.project.logicalId : 'project'
  const run = { ...common(b, [...suites][0], 'Test session', errors), projectLogicalId: project, jobs: jobs.filter((j): j is VendorRunJob => j !== undefined) }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  return run
}

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string')

export function parseVendorTrigger(body: unknown): VendorTrigger {
  const errors: FieldErrors = {}
  const b = isObject(body) ? body : {}
  const checkIds = b.checkId === undefined || b.checkId === null ? [] : strings(b.checkId) ? b.checkId : ((errors.checkId = 'must be a list of check ids'), [])
  const tags =
    b.targetTags === undefined || b.targetTags === null
      ? []
      : Array.isArray(b.targetTags) && b.targetTags.every(strings)
        ? (b.targetTags as string[][])
        : ((errors.targetTags = 'must be a list of lists of tags'), [])
  const vars = Array.isArray(b.environmentVariables) ? b.environmentVariables : []
  const environmentVariables = vars.flatMap((v, i) => {
    if (isObject(v) && typeof v.key === 'string' && v.key !== '' && typeof v.value === 'string') return [{ key: v.key, value: v.value, secret: v.secret === true }]
    errors[`environmentVariables[${i}]`] = 'must be {key, value} with string values'
    return []
  })
  const retry = b.testRetryStrategy
  if (retry !== undefined && retry !== null && !(isObject(retry) && typeof retry.type === 'string')) errors.testRetryStrategy = 'must be a retry strategy or null'
  const retryStrategy = isObject(retry) && typeof retry.type === 'string' ? (retry as { type: string }) : null
  const trigger = { ...common(b, b.checkRunSuiteId, 'Triggered Session', errors), checkIds, tags: tags.filter((t) => t.length > 0), environmentVariables, retryStrategy }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  return trigger
}
