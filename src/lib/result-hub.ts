/**
 * In-process fan-out of result-stream messages: the services publish the runs they follow on it, and the MQTT
 * broker of this instance (api/result-stream) delivers them to its subscribers. Services never know the broker,
 * so they are built before it and tested without one.
 */
export type ResultListener = (topic: string, message: unknown) => void

export interface ResultHub {
  publish(topic: string, message: unknown): void
  /** Returns the function that stops listening. */
  listen(listener: ResultListener): () => void
}

export function createResultHub(): ResultHub {
  const listeners = new Set<ResultListener>()
  return {
    publish(topic, message) {
      for (const l of listeners) l(topic, message)
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
