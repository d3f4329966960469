/**
 * One chart of 'Report dati': loads ./report-charts.ts on demand (its own chunk) and draws `spec` into a
 * `role="img"` container whose accessible name ECharts writes from `spec.descrizione`. Redrawn when the spec
 * changes, resized with its container, disposed on unmount. A failure (e.g. offline map) says so: the table
 * alternative next to it still holds the numbers.
 */
import { useEffect, useRef, useState } from 'react'
import type { SpecGrafico } from '../../lib/report-dati'

export function Grafico({ spec, altezza = 320, testId }: { spec: SpecGrafico; altezza?: number; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const [errore, setErrore] = useState(false)
  const [pronto, setPronto] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    let handle: { resize(): void; dispose(): void } | undefined
    let vivo = true
    setErrore(false)
    void import('./report-charts').then((m) => m.disegna(el, spec)).then((h) => {
      if (!vivo) { h.dispose(); return }
      handle = h
      setPronto(true)
    }).catch(() => { if (vivo) setErrore(true) })
    const ro = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => handle?.resize())
    ro?.observe(el)
    return () => { vivo = false; ro?.disconnect(); handle?.dispose() }
  }, [spec])
  return (
    <>
      {errore && <p className="text-danger">Non è stato possibile disegnare il grafico: i dati sono nella tabella.</p>}
      <div ref={ref} role="img" aria-label={spec.descrizione} className="pd-grafico" style={{ height: altezza }}
        data-testid={testId} data-pronto={pronto ? 'si' : 'no'} />
    </>
  )
}
