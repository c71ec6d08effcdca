/**
 * Document titles that name the page ("Alerts · Shop API · Picket"), so tabs, history and bookmarks tell pages apart.
 *
 * A page calls `useDocumentTitle('Alerts', check?.name)`: parts run from the most specific to the least, empty parts
 * (a name still loading) are left out, and the product name ends the title. The layout supplies a default (the
 * navigation entry of the address) for pages that do not name themselves.
 */
import { createContext, h, type ComponentChildren } from 'preact'
import { useContext, useEffect, useMemo, useRef } from 'preact/hooks'

export const PRODUCT_NAME = 'Picket'

export type TitlePart = string | null | undefined | false

const namedParts = (parts: readonly TitlePart[]): string[] => parts.flatMap((p) => (typeof p === 'string' && p.trim() !== '' ? [p.trim()] : []))

/** "Part · Part · Picket"; only the product name when no part is named. */
export function documentTitle(parts: readonly TitlePart[]): string {
  return [...namedParts(parts), PRODUCT_NAME].join(' · ')
}

interface Claim {
  specificity: number
  title: string
  order: number
}

/**
 * Several components of one page may name it (a check's frame and its open tab). The claim with the most parts is
 * the most specific and wins; among equals the latest, so a tab opened after its frame names the page.
 */
export interface TitleBoard {
  claim: (owner: object, parts: readonly TitlePart[]) => void
  release: (owner: object) => void
  setFallback: (parts: readonly TitlePart[]) => void
}

export function createTitleBoard(write: (title: string) => void): TitleBoard {
  const claims = new Map<object, Claim>()
  let fallback = documentTitle([])
  let order = 0
  const show = () => {
    let best: Claim | undefined
    for (const c of claims.values()) {
      if (!best || c.specificity > best.specificity || (c.specificity === best.specificity && c.order > best.order)) best = c
    }
    write(best?.title ?? fallback)
  }
  return {
    claim: (owner, parts) => {
      claims.set(owner, { specificity: namedParts(parts).length, title: documentTitle(parts), order: ++order })
      show()
    },
    release: (owner) => {
      if (claims.delete(owner)) show()
    },
    setFallback: (parts) => {
      fallback = documentTitle(parts)
      show()
    },
  }
}

const TitleContext = createContext<TitleBoard | null>(null)

/** Holds the titles claimed by the pages inside it; `fallback` names a page that claims none. */
export function TitleProvider(props: { fallback: readonly TitlePart[]; children: ComponentChildren }) {
  const board = useMemo(() => createTitleBoard((title) => (document.title = title)), [])
  const key = JSON.stringify(namedParts(props.fallback))
  useEffect(() => board.setFallback(JSON.parse(key) as string[]), [board, key])
  return h(TitleContext.Provider, { value: board }, props.children)
}

/** Names the document after this page while it is shown. Outside a TitleProvider (sign-in pages) it sets the title directly. */
export function useDocumentTitle(...parts: TitlePart[]): void {
  const board = useContext(TitleContext)
  const owner = useRef({}).current
  const key = JSON.stringify(namedParts(parts))
  useEffect(() => {
    const named = JSON.parse(key) as string[]
    if (board) board.claim(owner, named)
    else document.title = documentTitle(named)
  }, [board, owner, key])
  useEffect(() => () => board?.release(owner), [board, owner])
}
