/**
 * Breadcrumb labels of the survey pages (spec 000 §2.5: features register the labels of the segments
 * they own): '…/cittadini/compila/{id}' reads 'Compilazione questionario' › 'Questionario', and
 * '…/cittadini/compilato/{id}' reads 'Visualizza questionario' › 'Questionario'.
 */
import { useEffect } from 'react'
import { setBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { pathCittadiniServizio } from './compila'

export function useBreadcrumbQuestionario(serviceId: string, tipo: 'compila' | 'compilato', id: string): void {
  useEffect(() => {
    const base = `${pathCittadiniServizio(serviceId)}/${tipo}`
    setBreadcrumbLabels({
      [base]: tipo === 'compila' ? 'Compilazione questionario' : 'Visualizza questionario',
      [`${base}/${encodeURIComponent(id)}`]: 'Questionario',
    })
  }, [serviceId, tipo, id])
}
