/** Pages of the account's configuration: alerting, maintenance, variables, snippets, locations, pages, members. */
import type { PageRoute } from '../../routes'

export const settingsRoutes: PageRoute[] = []
