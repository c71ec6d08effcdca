/** Account environment variables (/v1/variables, by key). */
import type { VariableCreate, VariableUpdate, VariableView } from '../contracts'
import { resource } from '../resource'

export const variablesApi = resource<VariableView, VariableCreate, VariableUpdate>('/v1/variables')
