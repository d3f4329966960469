/**
 * Live reads of the field data layer (device database: bootstrap copy merged with local records).
 * Each hook returns `undefined` while loading and re-renders when the device data change.
 */
import type { CampoRiferimenti, CittadinoServizioLocale, QuestionarioLocale, ServizioLocale } from './types'

/** The facilitator's services, newest date first (records not yet confirmed included). */
export function useServiziCampo(): ServizioLocale[] | undefined {
  throw new Error('TODO(campo): useServiziCampo')
}

/** One service by `idLocale` or by server id (route parameter as a string); null when unknown. */
export function useServizioCampo(id: string): ServizioLocale | null | undefined {
  void id
  throw new Error('TODO(campo): useServizioCampo')
}

/** The citizens of a service (by the service's `idLocale`), in order of addition. */
export function useCittadiniServizioCampo(idServizioLocale: string): CittadinoServizioLocale[] | undefined {
  void idServizioLocale
  throw new Error('TODO(campo): useCittadiniServizioCampo')
}

/** The survey of a citizen's addition (by the addition's `idLocale`, or by server `idQuestionario`). */
export function useQuestionarioCampo(id: string): QuestionarioLocale | null | undefined {
  void id
  throw new Error('TODO(campo): useQuestionarioCampo')
}

/** Reference data of the profile (template, sites, project dates, minors configuration); null before the first bootstrap. */
export function useCampoRiferimenti(): CampoRiferimenti | null | undefined {
  throw new Error('TODO(campo): useCampoRiferimenti')
}
