/** Account environment variables as the API has them (/v1/variables, by key). A secret's value is never returned. */
export interface Variable {
  key: string
  value: string | null
  locked: boolean
  secret: boolean
  created_at: string
  updated_at: string | null
}

export const VARIABLES_PATH = '/v1/variables'
export const MASK = '••••'
