/** The centred card of the pages people see before they are signed in. */
import type { ComponentChildren } from 'preact'
import { useDocumentTitle } from '../../ui/title'

export function AuthFrame(props: { title: string; children: ComponentChildren }) {
  useDocumentTitle(props.title)
  return (
    <main class="auth" id="main">
      <div class="auth-card">
        <p class="brand">Picket</p>
        <h1>{props.title}</h1>
        {props.children}
      </div>
    </main>
  )
}
