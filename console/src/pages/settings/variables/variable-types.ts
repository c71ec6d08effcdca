/** Account environment variables as the API has them (variablesApi, by key). A secret's value is never returned. */
import type { VariableView } from '../../../api/contracts'

export type Variable = VariableView

export const MASK = '••••'
