/**
 * Live reads of the field data layer (device database: bootstrap copy merged with local records).
 * Each hook returns `undefined` while loading and re-renders when the device data change. Lists show the
 * current profile's data only (its project and body); each item carries its `syncState` ('locale' and
 * 'invio' show the 'DA SINCRONIZZARE' chip, see SyncChip). Local status rules are applied here: a service
 * with a citizen on the device is ATTIVO, a survey compiled on the device is COMPILATA.
 */
import { useSession } from '../../auth/session'
import { cache, records, useOfflineQuery, type LocalRecord, type OfflineDb } from '../../offline'
import { isFieldRole } from './common'
import { findRecord, serviziConCittadini, toCittadinoLocale, toQuestionarioLocale, toServizioLocale } from './local'
import { riferimentiKey, type CittadinoDati, type QuestionarioDati, type ServizioDati } from './records'
import type { CampoRiferimenti, CittadinoServizioLocale, QuestionarioLocale, ServizioLocale } from './types'

interface Scope {
  idProgetto: number | null
  idEnte: number | null
}

/**
 * The profile whose device data the pages show: the chosen one, else the field profile that is no longer
 * active (`profiloNonAttivo`: what was synced stays readable on the device).
 */
function useScope(): { key: string; scope: Scope; rifKey: string | null } {
  const s = useSession()
  const p = s.profilo ?? (isFieldRole(s.profiloNonAttivo?.codiceRuolo) ? s.profiloNonAttivo : null)
  const scope = { idProgetto: p?.idProgetto ?? null, idEnte: p?.idEnte ?? null }
  return {
    key: `${p?.codiceRuolo ?? ''}:${scope.idProgetto ?? ''}:${scope.idEnte ?? ''}`,
    scope,
    rifKey: p ? riferimentiKey(p) : null,
  }
}

const inScope = (s: Scope, d: { idProgetto: number; idEnte: number }) => (s.idProgetto === null || d.idProgetto === s.idProgetto) && (s.idEnte === null || d.idEnte === s.idEnte)

async function all<T>(db: OfflineDb, tipo: 'servizio' | 'cittadino-servizio' | 'questionario'): Promise<LocalRecord<T>[]> {
  return records.query<T>(tipo, undefined, db)
}

/**
 * List order of the facilitator's services: newest service date first; on the same date, the ones not yet
 * on the server first (latest local change first), then the server's by id, newest first. Stable across
 * bootstraps: a refresh rewrites every server row with one timestamp, so `updatedAt` alone cannot order them.
 */
export function compareServizi(a: LocalRecord<ServizioDati>, b: LocalRecord<ServizioDati>): number {
  if (a.data.data !== b.data.data) return a.data.data < b.data.data ? 1 : -1
  const ia = a.data.idServer ?? a.idServer
  const ib = b.data.idServer ?? b.idServer
  if (ia === undefined || ib === undefined) {
    if (ia !== ib) return ia === undefined ? -1 : 1
    return b.updatedAt - a.updatedAt
  }
  return Number(ib) - Number(ia) || (a.idLocale < b.idLocale ? -1 : a.idLocale > b.idLocale ? 1 : 0)
}

/** The facilitator's services in the current profile, newest date first (records not yet confirmed included). */
export function useServiziCampo(): ServizioLocale[] | undefined {
  const { key, scope } = useScope()
  return useOfflineQuery(`campo:servizi:${key}`, async (db) => {
    const [servizi, cittadini] = await Promise.all([all<ServizioDati>(db, 'servizio'), all<CittadinoDati>(db, 'cittadino-servizio')])
    const attivi = serviziConCittadini(cittadini)
    return servizi
      .filter((s) => !s.data.eliminato && inScope(scope, s.data))
      .sort(compareServizi)
      .map((s) => toServizioLocale(s, attivi.has(s.idLocale)))
  })
}

/** One service by `idLocale` or by server id (route parameter as a string); null when unknown. */
export function useServizioCampo(id: string): ServizioLocale | null | undefined {
  return useOfflineQuery(`campo:servizio:${id}`, async (db) => {
    const s = await findRecord<ServizioDati>(db, 'servizio', id)
    if (!s || s.data.eliminato) return null
    const cittadini = await all<CittadinoDati>(db, 'cittadino-servizio')
    return toServizioLocale(s, cittadini.some((c) => c.data.idServizioLocale === s.idLocale))
  })
}

/** The citizens of a service (by the service's `idLocale`), in order of addition. */
export function useCittadiniServizioCampo(idServizioLocale: string): CittadinoServizioLocale[] | undefined {
  return useOfflineQuery(`campo:cittadini:${idServizioLocale}`, async (db) => {
    const [cittadini, questionari] = await Promise.all([all<CittadinoDati>(db, 'cittadino-servizio'), all<QuestionarioDati>(db, 'questionario')])
    const q = new Map(questionari.map((r) => [r.idLocale, r]))
    return cittadini
      .filter((c) => c.data.idServizioLocale === idServizioLocale)
      .sort((a, b) => a.data.ordine - b.data.ordine)
      .map((c) => toCittadinoLocale(c, q.get(c.idLocale)))
  })
}

/** The survey of a citizen's addition (by the addition's `idLocale`, or by server `idQuestionario`). */
export function useQuestionarioCampo(id: string): QuestionarioLocale | null | undefined {
  return useOfflineQuery(`campo:questionario:${id}`, async (db) => {
    const add = await findRecord<CittadinoDati>(db, 'cittadino-servizio', id)
    if (!add) return null
    const q = await records.get<QuestionarioDati>('questionario', add.idLocale, db)
    return toQuestionarioLocale(add, q)
  })
}

/** Reference data of the profile (template, sites, project dates, minors configuration); null before the first bootstrap. */
export function useCampoRiferimenti(): CampoRiferimenti | null | undefined {
  const { rifKey } = useScope()
  return useOfflineQuery(`campo:riferimenti:${rifKey ?? ''}`, async (db) => {
    if (!rifKey) return null
    return ((await cache.get<CampoRiferimenti>(rifKey, db))?.value as CampoRiferimenti | undefined) ?? null
  })
}
