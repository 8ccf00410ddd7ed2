/**
 * A function's results kept by argument, never more than `max` of them: when the store is full it
 * is emptied before the next result is kept. Meant for values that are immutable and repeat a lot
 * (a statement's few weight and rate texts), where an occasional empty store costs one recompute
 * per value and a run of unique arguments cannot grow it without end.
 */
export function boundedMemo<K, V>(max: number, compute: (key: K) => V) {
  const kept = new Map<K, V>()
  return {
    get(key: K): V {
      const hit = kept.get(key)
      if (hit !== undefined || kept.has(key)) return hit as V
      const value = compute(key)
      if (kept.size >= max) kept.clear()
      kept.set(key, value)
      return value
    },
    /** How many results are kept now (at most `max`). */
    get size() {
      return kept.size
    },
    max,
  }
}
