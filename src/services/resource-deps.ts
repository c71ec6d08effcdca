/**
 * What resource services are built from. Each service declares the stores and the shared things it uses
 * (`uses`), its deps type is derived from that declaration (`DepsOf`), and the wiring hands it exactly those
 * (`narrowDeps`): a service cannot reach a table it did not name, and its signature says what it touches.
 */
import type { Clock } from '../lib/clock.js'
import type { Stores } from './stores.js'
import type { CheckResultRow } from '../store/run-rows.js'
import type { WorkBell } from '../lib/work-bell.js'

export type StoreName = keyof Stores

/** Runs work with the named stores bound to one transaction, so a multi-table write is all or nothing. */
export type TransactOver<S extends StoreName> = <T>(work: (stores: Pick<Stores, S>) => Promise<T>) => Promise<T>

/** Runner source addresses by region, from configuration. */
export interface StaticIps {
  ipv4: Record<string, string[]>
  ipv6: Record<string, string[]>
}

/** What services share besides stores; the transactor binds the same stores the service declared. */
export interface Shared<S extends StoreName = StoreName> {
  transact: TransactOver<S>
  clock: Clock
  publicBaseUrl: string
  staticIps: StaticIps
  /** Where checks with no locations run. */
  defaultLocation: string
  /** Called after FINAL results are stored outside the engine (heartbeat pings and deadlines): error grouping and alert evaluation. */
  afterFinalResults: (rows: CheckResultRow[]) => Promise<void>
  /** Operator settings for outbound notifications (SMTP server, SMS gateway). */
  delivery: DeliveryConfig
  /** Rung when runs are queued here (run-now sessions), so that this instance's engine leases them at once. */
  bell?: WorkBell
}

export type SharedName = keyof Shared

/** The deps of a service that uses stores S and shared things D: nothing else is in them. */
export type Uses<S extends StoreName, D extends SharedName = never> = { stores: Pick<Stores, S> } & Pick<Shared<S>, D>

/** Everything there is; the wiring narrows it for each service. */
export type ResourceDeps = Uses<StoreName, SharedName>

/** A service's declaration, kept beside it: the names of the stores and shared things it uses. */
export interface Declared<S extends StoreName, D extends SharedName> {
  stores: readonly S[]
  shared: readonly D[]
}

export function uses<const S extends StoreName, const D extends SharedName = never>(stores: readonly S[], shared: readonly D[] = []): Declared<S, D> {
  return { stores, shared }
}

type StoresOf<U> = U extends Declared<infer S, SharedName> ? S : never
type SharedOf<U> = U extends Declared<StoreName, infer D> ? D : never

/** The declaration of something built from the parts declared: everything any of them uses, each name once. */
export function usesAll<const T extends ReadonlyArray<Declared<StoreName, SharedName>>>(...parts: T): Declared<StoresOf<T[number]>, SharedOf<T[number]>> {
  const stores: StoreName[] = [...new Set(parts.flatMap((p) => p.stores))]
  const shared: SharedName[] = [...new Set(parts.flatMap((p) => p.shared))]
  // The lists hold exactly the parts' names, which is what the declared type says.
  return { stores, shared } as unknown as Declared<StoresOf<T[number]>, SharedOf<T[number]>>
}

/** The deps type of a declaration. */
export type DepsOf<U> = U extends Declared<infer S, infer D> ? Uses<S, D> : never

export function pickStores<S extends StoreName>(stores: Pick<Stores, S>, names: readonly S[]): Pick<Stores, S> {
  const picked: Partial<Pick<Stores, S>> = {}
  for (const name of names) picked[name] = stores[name]
  // Every name of S was copied just above.
  return picked as Pick<Stores, S>
}

/** The deps a declaration names and no others; the transactor hands its work only the declared stores too. */
export function narrowDeps<S extends StoreName, D extends SharedName>(all: NoInfer<Uses<S, D>>, declared: Declared<S, D>): Uses<S, D> {
  // Every declared name is in `all` (its type says so); the transactor is read only when declared.
  const source = all as Partial<Shared<S>>
  const narrowed: Record<string, unknown> = { stores: pickStores(all.stores, declared.stores) }
  for (const name of declared.shared) {
    const transact = source.transact
    if (name === 'transact' && transact) {
      const bound: TransactOver<S> = (work) => transact((stores) => work(pickStores(stores, declared.stores)))
      narrowed.transact = bound
    } else if (source[name] !== undefined) {
      narrowed[name] = source[name]
    }
  }
  // Built above from exactly the declared names, each taken from a value of its own type in `all`.
  return narrowed as Uses<S, D>
}

export interface DeliveryConfig {
  smtp: { url: string | undefined; from: string }
  sms: { url: string | undefined; username: string | undefined; password: string | undefined; from: string | undefined }
  /** Link to a result in the UI/API, for notifications (RESULT_LINK). */
  resultLinkBase: string
}
