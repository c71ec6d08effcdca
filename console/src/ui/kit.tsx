/** The console's small building blocks: headers, buttons, banners, empty and loading states, copy and confirm. */
import type { ComponentChildren, JSX } from 'preact'
import { useState } from 'preact/hooks'
import { Link } from 'wouter-preact'
import { ApiError } from '../api/client'
import { useDocumentTitle } from './title'

/** A page's heading; a heading in words also names the document (a page may name it more precisely itself). */
export function PageHeader(props: { title: ComponentChildren; subtitle?: ComponentChildren; actions?: ComponentChildren; back?: { href: string; label: string } }) {
  useDocumentTitle(typeof props.title === 'string' ? props.title : undefined)
  return (
    <header class="page-header">
      {props.back ? (
        <Link href={props.back.href} class="back">
          ← {props.back.label}
        </Link>
      ) : null}
      <div class="page-header-row">
        <div>
          <h1>{props.title}</h1>
          {props.subtitle ? <p class="muted">{props.subtitle}</p> : null}
        </div>
        {props.actions ? <div class="actions">{props.actions}</div> : null}
      </div>
    </header>
  )
}

type ButtonProps = JSX.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger' | 'ghost'; busy?: boolean }

export function Button({ variant = 'secondary', busy, children, disabled, type, ...rest }: ButtonProps) {
  return (
    <button type={(type as 'button' | 'submit' | undefined) ?? 'button'} class={`btn btn-${variant}`} disabled={Boolean(disabled) || busy} aria-busy={busy} {...rest}>
      {children}
    </button>
  )
}

export function LinkButton(props: { href: string; children: ComponentChildren; variant?: 'primary' | 'secondary' }) {
  return (
    <Link href={props.href} class={`btn btn-${props.variant ?? 'secondary'}`}>
      {props.children}
    </Link>
  )
}

export function Loading(props: { label?: string }) {
  return (
    <div class="loading" role="status" aria-live="polite">
      {props.label ?? 'Loading…'}
    </div>
  )
}

/** A failed query or mutation, with the API's own message. */
export function ErrorBanner(props: { error: unknown; title?: string }) {
  if (!props.error) return null
  const message = props.error instanceof ApiError || props.error instanceof Error ? props.error.message : String(props.error)
  return (
    <div class="banner banner-error" role="alert">
      {props.title ? <strong>{props.title}: </strong> : null}
      {message}
    </div>
  )
}

export function Notice(props: { children: ComponentChildren; kind?: 'info' | 'success' | 'warning' }) {
  return <div class={`banner banner-${props.kind ?? 'info'}`}>{props.children}</div>
}

export function Empty(props: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <h2>{props.title}</h2>
      {props.children}
    </div>
  )
}

export function Card(props: { title?: ComponentChildren; actions?: ComponentChildren; children: ComponentChildren; class?: string }) {
  return (
    <section class={`card ${props.class ?? ''}`}>
      {props.title || props.actions ? (
        <div class="card-head">
          {props.title ? <h2>{props.title}</h2> : <span />}
          {props.actions}
        </div>
      ) : null}
      {props.children}
    </section>
  )
}

/** Copies `text` to the clipboard; says so for a moment. */
export function CopyButton(props: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.text)
    } catch {
      const area = document.createElement('textarea')
      area.value = props.text
      document.body.append(area)
      area.select()
      document.execCommand('copy')
      area.remove()
    }
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }
  return (
    <Button variant="ghost" onClick={() => void copy()} aria-label={props.label ?? 'Copy'}>
      {copied ? 'Copied' : (props.label ?? 'Copy')}
    </Button>
  )
}

/** A button that asks before doing something that cannot be undone. */
export function ConfirmButton(props: { label: string; confirm: string; onConfirm: () => void; busy?: boolean; disabled?: boolean }) {
  return (
    <Button variant="danger" busy={props.busy} disabled={props.disabled} onClick={() => window.confirm(props.confirm) && props.onConfirm()}>
      {props.label}
    </Button>
  )
}

export type Tone = 'ok' | 'failing' | 'degraded' | 'muted' | 'info'

export function Badge(props: { tone: Tone; children: ComponentChildren; title?: string }) {
  return (
    <span class={`badge badge-${props.tone}`} title={props.title}>
      {props.children}
    </span>
  )
}

/** Tabs as links (each tab is a URL, so the browser's back button and bookmarks work). */
export function Tabs(props: { tabs: Array<{ href: string; label: string; active: boolean }> }) {
  return (
    <nav class="tabs" aria-label="Sections">
      {props.tabs.map((t) => (
        <Link href={t.href} class={t.active ? 'tab active' : 'tab'} aria-current={t.active ? 'page' : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  )
}

/**
 * The box a table scrolls sideways in when it is wider than the screen. It can take the keyboard's focus (and is a
 * named region), so that a keyboard user can scroll it too; `label` names it, as the table's caption does.
 */
export function TableWrap(props: { label: string; children: ComponentChildren; class?: string }) {
  return (
    <div class={`table-wrap${props.class ? ` ${props.class}` : ''}`} role="region" aria-label={props.label} tabIndex={0}>
      {props.children}
    </div>
  )
}

/**
 * An on/off setting that takes effect at once (a switch, not a form field): its label names what it turns on, and it
 * says its state in words beside it.
 */
export function Switch(props: { label: string; checked: boolean; onChange: (on: boolean) => void; busy?: boolean; disabled?: boolean; describedBy?: string }) {
  return (
    <button
      type="button"
      role="switch"
      class="switch"
      aria-checked={props.checked}
      aria-busy={props.busy}
      aria-describedby={props.describedBy}
      disabled={Boolean(props.disabled) || props.busy}
      onClick={() => props.onChange(!props.checked)}
    >
      <span class="switch-track" aria-hidden="true">
        <span class="switch-thumb" />
      </span>
      <span class="switch-label">{props.label}</span>
      <span class="switch-state muted small" aria-hidden="true">
        {props.checked ? 'On' : 'Off'}
      </span>
    </button>
  )
}
