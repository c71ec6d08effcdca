/**
 * A screenshot shown small, with two ways to see it whole: the image is a link that opens it alone at full size in a
 * new tab, and "Enlarge" opens it in a modal dialog on the page (the browser's dialog keeps focus inside and closes
 * on Escape).
 */
import { useRef } from 'preact/hooks'
import { Button } from '../../../ui/kit'

export function ScreenshotView(props: { src: string; full: string; name: string }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const alt = `Screenshot ${props.name}`
  return (
    <>
      <a href={props.full} target="_blank" rel="noopener noreferrer" title="Open at full size in a new tab">
        <img src={props.src} alt={alt} loading="lazy" />
      </a>
      <Button variant="ghost" aria-haspopup="dialog" aria-label={`Enlarge ${alt}`} onClick={() => dialog.current?.showModal()}>
        Enlarge
      </Button>
      <dialog ref={dialog} class="screenshot-dialog" aria-label={alt}>
        <div class="screenshot-dialog-head">
          <span class="small">{props.name}</span>
          <Button onClick={() => dialog.current?.close()}>Close</Button>
        </div>
        <img src={props.src} alt={alt} />
      </dialog>
    </>
  )
}
