/**
 * A uPlot chart drawn into a box once its code has loaded (its own chunk, asked for on first use), redrawn when its
 * inputs change, resized with its box and destroyed with the component. The state says whether it is still loading,
 * drawn, or could not be loaded.
 */
import type { RefObject } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'

/** The narrowest a chart is drawn, whatever its box. */
const MIN_WIDTH = 280

export interface DrawnChart {
  setSize(width: number): void
  destroy(): void
}

export type ChartState = 'loading' | 'ready' | Error

export function useLazyChart<M, H extends DrawnChart>(
  load: () => Promise<M>,
  draw: (module: M, el: HTMLElement, width: number) => H,
  inputs: unknown[],
): { box: RefObject<HTMLDivElement>; handle: RefObject<H | null>; state: ChartState } {
  const box = useRef<HTMLDivElement>(null)
  const handle = useRef<H | null>(null)
  const [state, setState] = useState<ChartState>('loading')
  useEffect(() => {
    const el = box.current
    if (!el) return
    let observer: ResizeObserver | null = null
    let live = true
    load().then(
      (module) => {
        if (!live) return
        el.replaceChildren()
        handle.current = draw(module, el, Math.max(MIN_WIDTH, el.clientWidth))
        observer = new ResizeObserver(() => handle.current?.setSize(Math.max(MIN_WIDTH, el.clientWidth)))
        observer.observe(el)
        setState('ready')
      },
      (err: unknown) => live && setState(err instanceof Error ? err : new Error('The chart could not be loaded')),
    )
    return () => {
      live = false
      observer?.disconnect()
      handle.current?.destroy()
      handle.current = null
    }
    // The caller names what the drawing depends on; load and draw are read at that moment.
  }, inputs)
  return { box, handle, state }
}
