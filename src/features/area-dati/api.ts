/**
 * Online call of 'Report dati' (src/api/contract/dati.ts): `POST /dati/report` with the profile ids and the
 * filters of the URL (./search.ts); anonymous visitors `POST /dati/pubblico`. Not kept on the device.
 */
import { queryOptions } from '@tanstack/react-query'
import { apiPost } from '../../api/client'
import { ReportDatiSchema, type FiltroDati } from '../../api/contract/dati'
import { profileIds } from '../../api/lists'
import { datiKeys } from './keys'
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

/**
 * `POST /dati/report` for the chosen profile and `filtro`; with `pubblico` (anonymous visitors) `POST /dati/pubblico`,
 * the national figures with the policy and period filters only, asked without a session.
 */
export function reportQuery(filtro: FiltroDati, pubblico = false) {
  const f: FiltroDati = pubblico ? { policy: filtro.policy, da: filtro.da, a: filtro.a } : { ...filtro }
  for (const k of Object.keys(f) as (keyof FiltroDati)[]) if (f[k] === undefined) delete f[k]
  return queryOptions({
    staleTime: 60_000,
    ...(pubblico ? { enabled: true } : {}), // the default `enabled` waits for a session
    queryKey: pubblico ? datiKeys.pubblico(f) : datiKeys.report(f),
    queryFn: ({ signal }) => pubblico
      ? apiPost('dati/pubblico', { filtro: f }, ReportDatiSchema, { silent: true, signal })
      : apiPost('dati/report', { ...profileIds(), filtro: f }, ReportDatiSchema, { silent: true, signal }),
  })
}
