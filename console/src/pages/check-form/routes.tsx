/** Pages that create and edit checks and groups. */
import type { PageRoute } from '../../routes'

export const checkFormRoutes: PageRoute[] = []
