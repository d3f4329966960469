/**
 * The online links the server created ('Invia questionario', 'Invia questionario a tutti'; issue 8 point 3)
 * recorded on the device: the survey reads INVIATO (when it was NON_COMPILATA) with the link's expiry, at
 * once and offline, until the next field bootstrap brings the same from the server. Not an outbox write:
 * the server already has it. The token itself is never stored.
 */
import { records, type LocalRecord } from '../../offline'
import { db, findRecord } from './local'
import type { CittadinoDati } from './records'

/** A link the server created: the survey instance and the link's expiry (ISO). */
export interface LinkInviato {
  idQuestionario: string
  scadenza: string
}

/**
 * Marks the device copies of these surveys as sent (INVIATO unless already COMPILATA) with the links'
 * expiry; surveys not on the device are skipped. Resolves once stored.
 */
export async function registraLinkInviati(links: readonly LinkInviato[]): Promise<void> {
  const d = db()
  await records.transaction(async () => {
    for (const l of links) {
      const rec = await findRecord<CittadinoDati>(d, 'cittadino-servizio', l.idQuestionario)
      if (!rec) continue
      const data: CittadinoDati = {
        ...rec.data,
        statoQuestionario: rec.data.statoQuestionario === 'NON_COMPILATA' ? 'INVIATO' : rec.data.statoQuestionario,
        scadenzaLink: l.scadenza,
      }
      await records.put({ ...rec, data, updatedAt: Date.now() } satisfies LocalRecord<CittadinoDati>, d)
    }
  }, d)
}
