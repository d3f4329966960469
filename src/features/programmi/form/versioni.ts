/**
 * The programme and project edits against a newer saved version (issue 27 point 2): the cards' details as form
 * values (one conversion for the form's initial values, the base of the edit and the 409's `corrente`) and the
 * fields' labels for the conflict view (src/ui/conflitto).
 */
import * as v from 'valibot'
import { SchedaProgettoSchema, SchedaProgrammaSchema, type SchedaProgetto, type SchedaProgramma } from '../../../api/contract/gestione'
import { FAMIGLIE_OBIETTIVI, obiettiviForm, wireToInput, type ProgettoFormValues, type ProgrammaFormValues } from '../../../lib/gestione-form'
import type { CampiVista, LetturaVersionata } from '../../../ui/conflitto'

/** The project card's detail as the form's values, with its version. */
export function letturaProgetto(d: SchedaProgetto['dettaglioProgetto']): LetturaVersionata<ProgettoFormValues> {
  return {
    valori: { nome: d.nome, nomeBreve: d.nomeBreve, cup: d.cup ?? '', dataInizio: wireToInput(d.dataInizio), dataFine: wireToInput(d.dataFine), obiettivi: obiettiviForm(d.obiettivi) },
    versione: d.versione,
  }
}

/** The programme card's detail as the form's values, with its version. */
export function letturaProgramma(d: SchedaProgramma['dettaglioProgramma']): LetturaVersionata<ProgrammaFormValues> {
  return {
    valori: {
      codice: d.codice, nome: d.nome, nomeBreve: d.nomeBreve, policy: d.policy, bando: d.bando ?? '', cup: d.cup ?? '',
      dataInizio: wireToInput(d.dataInizio), dataFine: wireToInput(d.dataFine), obiettivi: obiettiviForm(d.obiettivi),
    },
    versione: d.versione,
  }
}

/** A 409's `corrente` (the card) read as the project form's values; null when it is not a project card with a version. */
export function progettoDaCorrente(corrente: unknown): { valori: ProgettoFormValues; versione: number } | null {
  const r = v.safeParse(SchedaProgettoSchema, corrente)
  if (!r.success) return null
  const l = letturaProgetto(r.output.dettaglioProgetto)
  return typeof l.versione === 'number' ? { valori: l.valori, versione: l.versione } : null
}

/** As {@link progettoDaCorrente}, for the programme card. */
export function programmaDaCorrente(corrente: unknown): { valori: ProgrammaFormValues; versione: number } | null {
  const r = v.safeParse(SchedaProgrammaSchema, corrente)
  if (!r.success) return null
  const l = letturaProgramma(r.output.dettaglioProgramma)
  return typeof l.versione === 'number' ? { valori: l.valori, versione: l.versione } : null
}

const passi = (x: unknown) => {
  const list = Array.isArray(x) ? (x as { valore: string; data: string }[]) : []
  return list.length === 0 ? '(nessun obiettivo)' : list.map((p) => `${p.valore || '—'} entro il ${p.data || '—'}`).join('; ')
}

const LABELS: Record<string, string> = {
  codice: 'Codice', nome: 'Nome', nomeBreve: 'Nome breve', policy: 'Policy', bando: 'Bando', cup: 'CUP',
  dataInizio: 'Data di inizio', dataFine: 'Data di fine',
}

/** The fields of the programme and project forms in the conflict view (targets: 'Obiettivi: <famiglia>'). */
export const campiGestione: CampiVista = (percorso) => {
  const famiglia = FAMIGLIE_OBIETTIVI.find((f) => percorso === `obiettivi.${f.key}`)
  if (famiglia) return { label: `Obiettivi: ${famiglia.label}`, format: passi }
  const label = LABELS[percorso]
  return label ? { label } : undefined
}

const DETTAGLIO: Record<string, string> = { ...LABELS, stato: 'Stato' }

/** The fields of a programme's or project's detail named when a terminate, activate or delete meets a newer version. */
export const campiDettaglio: CampiVista = (percorso) => (DETTAGLIO[percorso] ? { label: DETTAGLIO[percorso] } : undefined)

/** A 409's `corrente` (the project card) as its detail and version, for the confirmed actions (issue 27 point 4). */
export function dettaglioProgettoDaCorrente(corrente: unknown): { valori: Record<string, unknown>; versione: number } | null {
  const r = v.safeParse(SchedaProgettoSchema, corrente)
  const d = r.success ? r.output.dettaglioProgetto : null
  return d && typeof d.versione === 'number' ? { valori: d, versione: d.versione } : null
}

/** As {@link dettaglioProgettoDaCorrente}, for the programme card. */
export function dettaglioProgrammaDaCorrente(corrente: unknown): { valori: Record<string, unknown>; versione: number } | null {
  const r = v.safeParse(SchedaProgrammaSchema, corrente)
  const d = r.success ? r.output.dettaglioProgramma : null
  return d && typeof d.versione === 'number' ? { valori: d, versione: d.versione } : null
}
