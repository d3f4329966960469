/**
 * The questionnaire instance of a citizen for a service (platform-backend §5.3): created with the
 * citizen's addition, with Q1–Q3 pre-filled:
 * - Q1 from the citizen (question 1 says 'Codice fiscale disponibile ma non visualizzabile' — never the
 *   code nor its hash — or 'Codice fiscale non presente' on the document path; 2 = 'true' then, 3 = the
 *   document type; the document number is never written; 5–10 the demographics, 6 as the band label;
 *   18–19 the consent once recorded, consenso.ts);
 * - Q2: 20 = 'Sì' when the citizen has no other service, else 'No' and 21 = the types of the most recent
 *   other service the caller sees (ambito/servizi.ts): the services of another scope are never described
 *   (security issue 6), so 21 stays empty when the citizen's other services are all outside it;
 * - Q3: the service's section.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { FASCE_DI_ETA, SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { cittadino, programma, progetto, servizio, servizioXCittadino, type SezioneCompilata } from '../../db/schema'
import type { Executor } from '../../db/types'
import { consentAnswers } from '../consenso'
import type { Caller } from '../profile'
import { serviceScope } from '../ambito'
import { fromStored, toStored, type DecodedSection } from '../survey-codec'

type CittadinoRow = typeof cittadino.$inferSelect

export const CF_NON_VISUALIZZABILE = 'Codice fiscale disponibile ma non visualizzabile'
export const CF_NON_PRESENTE = 'Codice fiscale non presente'

/** The label of an age band id ('30-54'), or null. */
export function fasciaLabel(id: number | null): string | null {
  return FASCE_DI_ETA.find((f) => f.id === id)?.fascia ?? null
}

const one = (value: string | null | undefined): string[] => (value ? [value] : [])

/** Q1 of a citizen (see the module comment). */
export function buildQ1(c: CittadinoRow): DecodedSection {
  const hasCf = c.codiceFiscaleHash !== null
  return {
    id: SEZIONI_QUESTIONARIO.Q1.id,
    title: SEZIONI_QUESTIONARIO.Q1.titolo,
    properties: {
      '1': [hasCf ? CF_NON_VISUALIZZABILE : CF_NON_PRESENTE],
      '2': hasCf ? [] : ['true'],
      '3': hasCf ? [] : one(c.tipoDocumento),
      '5': one(c.genere),
      '6': one(fasciaLabel(c.fasciaDiEtaId)),
      '7': one(c.titoloDiStudio),
      '8': one(c.occupazione),
      '9': one(c.provinciaDiDomicilio),
      '10': one(c.cittadinanza),
      ...consentAnswers(c),
    },
  }
}

/**
 * Q2 of a citizen for a service, from the citizen's other services: 21 only from a service `caller` sees
 * (every service when no caller is given), the most recent one first (platform-backend §5.3).
 */
export async function buildQ2(db: Executor, idCittadino: number, idServizio: number, caller?: Caller): Promise<DecodedSection> {
  const scope = caller ? serviceScope(caller) : undefined
  const visible = scope ? sql<boolean>`coalesce((${scope}), false)` : sql<boolean>`true`
  const [other] = await db.select({ tipologia: servizio.tipologiaServizio, visible }).from(servizioXCittadino)
    .innerJoin(servizio, eq(servizio.id, servizioXCittadino.idServizio))
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .where(and(eq(servizioXCittadino.idCittadino, idCittadino), ne(servizioXCittadino.idServizio, idServizio)))
    .orderBy(desc(visible), desc(servizio.dataServizio), desc(servizio.id))
    .limit(1)
  const tipi = other?.visible === true ? other.tipologia.split(', ').filter((t) => t !== '') : []
  return {
    id: SEZIONI_QUESTIONARIO.Q2.id,
    title: SEZIONI_QUESTIONARIO.Q2.titolo,
    properties: other ? { '20': ['No'], ...(tipi.length > 0 ? { '21': tipi } : {}) } : { '20': ['Sì'] },
  }
}

/** Q2 of a citizen created by this very addition: no other service yet. */
export const Q2_FIRST_SERVICE: DecodedSection = { id: SEZIONI_QUESTIONARIO.Q2.id, title: SEZIONI_QUESTIONARIO.Q2.titolo, properties: { '20': ['Sì'] } }

/**
 * The three stored sections of a new instance. `newCitizen`: the citizen was created in this transaction,
 * so it has no other service and Q2 needs no query; `caller`: whose scope bounds Q2's question 21.
 */
export async function initialSections(db: Executor, c: CittadinoRow, idServizio: number, q3: SezioneCompilata | null,
  opts: { newCitizen?: boolean; caller?: Caller } = {}): Promise<SezioneCompilata[]> {
  const q2 = opts.newCitizen ? Q2_FIRST_SERVICE : await buildQ2(db, c.id, idServizio, opts.caller)
  const q3Section = q3 ?? { id: SEZIONI_QUESTIONARIO.Q3.id, title: SEZIONI_QUESTIONARIO.Q3.titolo, properties: [] }
  return [toStored(dropEmpty(buildQ1(c))), toStored(q2), q3Section]
}

/** The section with the given id among stored sections (decoded), or an empty one with that id. */
export function sectionOf(sezioni: SezioneCompilata[], id: string, title: string): DecodedSection {
  const found = sezioni.find((s) => s.id === id)
  return found ? fromStored(found) : { id, title, properties: {} }
}

/** Removes questions without answers. */
export function dropEmpty(section: DecodedSection): DecodedSection {
  return { ...section, properties: Object.fromEntries(Object.entries(section.properties).filter(([, v]) => v.length > 0)) }
}
