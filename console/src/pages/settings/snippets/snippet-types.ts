/** Snippets as the API has them (snippetsApi): reusable setup and teardown code. */
import type { SnippetView } from '../../../api/contracts'

export type Snippet = SnippetView
