/** Status pages, their cards and the account's services as the API has them (/v1/status-pages…). */
export const THEMES = ['AUTO', 'LIGHT', 'DARK'] as const

export interface Service {
  id: string
  name: string
  created_at: string | null
  updated_at?: string | null
}

export interface Card {
  id?: string
  name: string
  services: Service[]
}

export interface StatusPage {
  id: string
  name: string
  url: string
  customDomain: string | null
  logo: string | null
  logoDark: string | null
  favicon: string | null
  redirectTo: string | null
  defaultTheme: (typeof THEMES)[number]
  description: string | null
  isPrivate: boolean
  cards: Card[]
  created_at: string
  updated_at: string | null
  [key: string]: unknown
}

export const PAGES_PATH = '/v1/status-pages'
export const SERVICES_PATH = '/v1/status-pages/services'
export const livePageUrl = (p: Pick<StatusPage, 'url'>) => `/status-pages/${p.url}`
