/** Snippets as the API has them (/v1/snippets): reusable setup and teardown code. */
export interface Snippet {
  id: number
  name: string
  script: string
  created_at: string
  updated_at: string | null
  [key: string]: unknown
}

export const SNIPPETS_PATH = '/v1/snippets'
