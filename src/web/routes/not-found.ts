/** The 404 page of the public pages: an HTML page for people, with the same headers as every page. */
import type { FastifyReply } from 'fastify'
import { html } from '../html.js'
import { pageHeaders, renderDocument } from '../document.js'
import { sendCompressed } from './compressed.js'

export const sendNotFoundPage = (reply: FastifyReply, assetUrl: (name: string) => string, what = 'page') =>
  sendCompressed(
    reply.code(404).headers(pageHeaders('no-store')),
    renderDocument({ title: 'Not found', bodyClass: 'status-page', body: html`<main class="wrap"><h1>Not found</h1><p>There is no such ${what} here.</p></main>` }, assetUrl),
  )
