/** Status pages, their cards and the account's services as the API has them (statusPagesApi, servicesApi). */
import type { PageView, ServiceView } from '../../../api/contracts'

export type StatusPage = PageView
export type Service = ServiceView
/** A card as the editor holds it: a new card has no id until the page is saved. */
export type Card = Omit<StatusPage['cards'][number], 'id'> & { id?: string }

/** The themes the form offers; `satisfies` keeps them to the contract's. */
export const THEMES = ['AUTO', 'LIGHT', 'DARK'] as const satisfies ReadonlyArray<StatusPage['defaultTheme']>
export const livePageUrl = (p: Pick<StatusPage, 'url'>) => `/status-pages/${p.url}`
