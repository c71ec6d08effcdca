/** Form state of a resource's fields: one object, a setter per field. */
import { useState } from 'preact/hooks'

export function useForm<T extends object>(initial: T) {
  const [value, setValue] = useState<T>(initial)
  const set =
    <K extends keyof T>(key: K) =>
    (v: T[K]) =>
      setValue((prev) => ({ ...prev, [key]: v }))
  return { value, set, setValue }
}

/** Runs a form's submit without the browser's own submission. */
export const onSubmit = (fn: () => unknown) => (e: Event) => {
  e.preventDefault()
  void fn()
}
