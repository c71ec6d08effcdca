/** Snippets (/v1/snippets): setup and teardown code that checks share. */
import type { SnippetBody, SnippetView } from '../contracts'
import { resource } from '../resource'

export const snippetsApi = resource<SnippetView, SnippetBody>('/v1/snippets')
