/**
 * Online call of 'Report dati' (src/api/contract/dati.ts): `POST /dati/report` with the profile ids and the
 * filters of the URL (./search.ts). Not kept on the device: the figures are read again when the page mounts.
 */
import { queryOptions } from '@tanstack/react-query'
import { apiPost } from '../../api/client'
import { ReportDatiSchema, type FiltroDati } from '../../api/contract/dati'
import { profileIds, profileScope } from '../../api/lists'
import type { ReportSearch } from './search'

/** The wire filters of a URL search. */
export function filtroDi(s: ReportSearch): FiltroDati {
  const f: FiltroDati = {}
  if (s.policy) f.policy = s.policy
  if (s.programma !== undefined) f.idProgramma = s.programma
  if (s.progetto !== undefined) f.idProgetto = s.progetto
  if (s.da) f.da = s.da
  if (s.a) f.a = s.a
  return f
}

/** `POST /dati/report` for the chosen profile and `filtro`. */
export function reportQuery(filtro: FiltroDati) {
  return queryOptions({
    staleTime: 60_000,
    queryKey: ['dati', 'report', ...profileScope(), filtro] as const,
    queryFn: ({ signal }) => apiPost('dati/report', { ...profileIds(), filtro }, ReportDatiSchema, { silent: true, signal }),
  })
}
