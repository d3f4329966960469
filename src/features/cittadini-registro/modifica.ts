/**
 * The edit form of a citizen in the registry (spec 002 §3 'Citizen (registry data)', §5; issue 10 point 2):
 * education, employment, province and citizenship always; gender and age band only for a citizen without
 * fiscal code (with one they derive from it and are shown locked). All fields required, values from the
 * enumerations; the minors band (5) is offered only where it is already the citizen's band or the
 * programme is enabled for minors (the server checks it too: U25).
 */
import * as v from 'valibot'
import { CITTADINANZA, FASCE_DI_ETA, GENERE, STATO_OCCUPAZIONALE, TITOLO_DI_STUDIO } from '../../api/contract/enums'
import { SchedaCittadinoSchema, type AggiornaCittadinoBody, type SchedaCittadino } from '../../api/contract/registro-cittadini'
import type { CampiVista } from '../../ui/conflitto'

export type CampoModifica = 'genere' | 'fasciaDiEtaId' | 'titoloDiStudio' | 'occupazione' | 'provinciaDiDomicilio' | 'cittadinanza'
export type FormModifica = Record<CampoModifica, string>

export const ETICHETTE: Record<CampoModifica, string> = {
  genere: 'Genere',
  fasciaDiEtaId: 'Fascia di età',
  titoloDiStudio: 'Titolo di studio (livello più alto raggiunto)',
  occupazione: 'Stato occupazionale',
  provinciaDiDomicilio: 'Provincia di domicilio',
  cittadinanza: 'Cittadinanza',
}

/** Fields in display order. */
export const CAMPI: readonly CampoModifica[] = ['genere', 'fasciaDiEtaId', 'titoloDiStudio', 'occupazione', 'provinciaDiDomicilio', 'cittadinanza']

/** The form filled with the card's data. */
export function formDa(d: SchedaCittadino['dettaglioCittadino']): FormModifica {
  return {
    genere: d.genere ?? '', fasciaDiEtaId: d.fasciaDiEtaId === null ? '' : String(d.fasciaDiEtaId), titoloDiStudio: d.titoloDiStudio ?? '',
    occupazione: d.occupazione ?? '', provinciaDiDomicilio: d.provinciaDiDomicilio ?? '', cittadinanza: d.cittadinanza ?? '',
  }
}

/** Fields derived from the fiscal code (read-only). */
export function campiBloccati(conCodiceFiscale: boolean): ReadonlySet<CampoModifica> {
  return new Set(conCodiceFiscale ? ['genere', 'fasciaDiEtaId'] : [])
}

/** Options of a select field; `minori`: offer the 14-17 band. */
export function opzioni(campo: CampoModifica, province: readonly string[], minori: boolean): { value: string; label: string }[] {
  const plain = (l: readonly string[]) => l.map((x) => ({ value: x, label: x }))
  switch (campo) {
    case 'genere': return plain(GENERE)
    case 'fasciaDiEtaId': return FASCE_DI_ETA.filter((f) => f.id !== 5 || minori).map((f) => ({ value: String(f.id), label: f.fascia }))
    case 'titoloDiStudio': return plain(TITOLO_DI_STUDIO)
    case 'occupazione': return plain(STATO_OCCUPAZIONALE)
    case 'provinciaDiDomicilio': return plain(province)
    case 'cittadinanza': return plain(CITTADINANZA)
  }
}

/** Errors by field ('Campo obbligatorio' or 'Valore non valido'); empty when the form can be sent. */
export function errori(form: FormModifica, conCodiceFiscale: boolean, province: readonly string[]): Partial<Record<CampoModifica, string>> {
  const out: Partial<Record<CampoModifica, string>> = {}
  const bloccati = campiBloccati(conCodiceFiscale)
  for (const campo of CAMPI) {
    if (bloccati.has(campo)) continue
    const value = form[campo]
    if (value === '') out[campo] = 'Campo obbligatorio'
    else if (campo !== 'provinciaDiDomicilio' || province.length > 0) {
      if (!opzioni(campo, province, true).some((o) => o.value === value)) out[campo] = 'Valore non valido'
    }
  }
  return out
}

/** The body of `PUT cittadino/{id}` (gender and age band only without fiscal code). */
export function corpo(form: FormModifica, conCodiceFiscale: boolean): Omit<AggiornaCittadinoBody, 'idProgramma' | 'idProgetto' | 'idEnte'> {
  return {
    titoloDiStudio: form.titoloDiStudio as AggiornaCittadinoBody['titoloDiStudio'],
    occupazione: form.occupazione as AggiornaCittadinoBody['occupazione'],
    cittadinanza: form.cittadinanza as AggiornaCittadinoBody['cittadinanza'],
    provinciaDiDomicilio: form.provinciaDiDomicilio,
    ...(conCodiceFiscale ? {} : { genere: form.genere as AggiornaCittadinoBody['genere'], fasciaDiEtaId: Number(form.fasciaDiEtaId) }),
  }
}

/** A 409's `corrente` (the citizen's card) as the form's values and its version (issue 27); null when unreadable. */
export function formDaCorrente(corrente: unknown): { valori: FormModifica; versione: number } | null {
  const r = v.safeParse(SchedaCittadinoSchema, corrente)
  const d = r.success ? r.output.dettaglioCittadino : null
  return d && typeof d.versione === 'number' ? { valori: formDa(d), versione: d.versione } : null
}

/** The fields in the conflict view: their labels, the age band by its name. */
export const campiConflitto: CampiVista = (percorso) => {
  if (!(percorso in ETICHETTE)) return undefined
  const campo = percorso as CampoModifica
  return campo === 'fasciaDiEtaId'
    ? { label: ETICHETTE[campo], format: (x) => FASCE_DI_ETA.find((f) => String(f.id) === x)?.fascia ?? (x ? String(x) : '(vuoto)') }
    : { label: ETICHETTE[campo] }
}
