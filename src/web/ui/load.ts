import { useEffect, useRef, useState } from 'react'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { type DataLoadMachine, type Loaded, connectDataLoad, dataLoadMachine } from '../../../machines/listLoad.ts'
import { inspect } from '../inspector/index.ts'

/**
 * Screens render plain data through the one `dataLoad` machine (machines/listLoad.ts): these hooks
 * run it and give its connect props. The machine owns loading, failures, reloading and the row
 * action; the hook only tells it when the screen asks for another key (another warehouse, record).
 */
export function useDataLoad<T>(logic: DataLoadMachine<T>, key: unknown = null, delay = 0) {
  const [state, send] = useMachine(logic, { input: { key, delay }, inspect })
  const keyText = JSON.stringify(key)
  const asked = useRef(keyText)
  useEffect(() => {
    if (keyText === asked.current) return
    asked.current = keyText
    send({ type: 'LOAD', key })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyText, send])
  return connectDataLoad(state, send)
}

/** A dataLoad machine loading with `load(key)` (the loaders of src/web/wiring/*). */
export const loading = <T, K = unknown>(load: (key: K) => Promise<T>) =>
  dataLoadMachine<T>().provide({ actors: { load: fromPromise(({ input }: { input: { key: unknown } }) => load(input.key as K)) } })

/**
 * The older hook shape (`[loaded, reload, replace]`) over the same machine, for screens that give
 * a loader closure; the latest closure is used at each ask.
 */
export function useLoad<T>(load: () => Promise<T>, key: unknown): [Loaded<T>, () => void, (data: T) => void] {
  const latest = useRef(load)
  latest.current = load
  const [logic] = useState(() => loading<T>(() => latest.current()))
  const api = useDataLoad(logic, key)
  return [api.loaded, api.reload, api.replace]
}
