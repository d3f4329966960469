/** Loading and problem notices of the survey screens (status messages announced politely). */
import type { ReactNode } from 'react'

/** 'Caricamento…' while data load (role="status"). */
export function Caricamento({ testo = 'Caricamento del questionario…' }: { testo?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 my-4" role="status" data-testid="caricamento">
      <div className="progress-spinner progress-spinner-active size-sm" aria-hidden="true" />
      <span>{testo}</span>
    </div>
  )
}

/** A notice that replaces the page content (not found, not allowed, missing template). */
export function Avviso({ titolo, children, tipo = 'info' }: { titolo: string; children?: ReactNode; tipo?: 'info' | 'warning' | 'danger' }) {
  return (
    <div className={`alert alert-${tipo} my-4`} role={tipo === 'danger' ? 'alert' : 'status'} data-testid="avviso">
      <h2 className="h5">{titolo}</h2>
      {children}
    </div>
  )
}
