/**
 * Field write of a citizen's addition to a service (write.ts module comment): the identification and data
 * checks, the local copy with its Q1 and Q2 sections, and the outbox entry.
 */
import type { AggiungiCittadinoBody } from '../../api/contract/cittadino'
import { connectivity, enqueue, outbox, records, type OfflineDb } from '../../offline'
import { toWireDate } from '../../lib/dates'
import { deriveFromFiscalCode } from '../../lib/fiscal-code'
import { maskDocumentNumber, maskFiscalCode } from '../../lib/masked-identity'
import { buildQ1Section, buildQ2Section } from '../../lib/survey-instance'
import { CampoInputError, MESSAGGI, newIdLocale } from './common'
import { KIND, type CittadinoAggiungiPayload } from './handlers'
import { db, toCittadinoLocale } from './local'
import type { CittadinoDati, ServizioDati } from './records'
import type { CampoRiferimenti, CittadinoInput, CittadinoServizioLocale } from './types'
import { verificaEta } from './validation'
import { fieldRole, riferimenti, etichette } from './write-common'
import { servizioDelProfilo, ultimaScritturaServizio } from './write-servizio'

const NUMERO_DOCUMENTO = /^[A-Z0-9_.-]{5,10}$/
const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== ''

interface Identificato {
  identificazione: CittadinoServizioLocale['identificazione']
  body: Omit<AggiungiCittadinoBody, 'idProgramma' | 'idProgetto' | 'idEnte' | 'nuovoCittadino'>
  genere: string | null
  fasciaDiEtaId: number | null
  tipoDocumento: string | null
  conCodiceFiscale: boolean
}

/**
 * Checks the citizen's identification and data (see the module comment of validation.ts). An existing
 * citizen picked from the search (`idCittadino`) travels with the identity typed at the desk — fiscal
 * code, or document type and number — which the server matches through its keyed hash (security issue
 * 6: no citizen is attached by id alone); its data go along when given (the server uses them only for a
 * citizen outside the facilitator's scope).
 */
async function identifica(input: CittadinoInput, rif: CampoRiferimenti | undefined, oggi: Date): Promise<Identificato> {
  const demografia = {
    ...(present(input.titoloDiStudio) ? { titoloDiStudio: input.titoloDiStudio } : {}),
    ...(present(input.occupazione) ? { occupazione: input.occupazione } : {}),
    ...(present(input.provinciaDiDomicilio) ? { provinciaDiDomicilio: input.provinciaDiDomicilio.trim() } : {}),
    ...(present(input.cittadinanza) ? { cittadinanza: input.cittadinanza } : {}),
  } as Identificato['body']
  const minori = rif ? rif.configurazioneMinorenni : undefined
  const wireOggi = toWireDate(oggi)
  if (typeof input.idCittadino === 'number' && input.idCittadino > 0) {
    const idCittadino = input.idCittadino
    if (present(input.codiceFiscale)) {
      const derived = await deriveFromFiscalCode(input.codiceFiscale, oggi)
      if (!derived) throw new CampoInputError(MESSAGGI.codiceFiscale)
      verificaEta(derived.age, derived.fasciaDiEtaId, minori, wireOggi)
      return {
        identificazione: 'ESISTENTE', body: { idCittadino, codiceFiscale: derived.codiceFiscale, codiceFiscaleNonDisponibile: false, ...demografia },
        genere: derived.gender, fasciaDiEtaId: derived.fasciaDiEtaId, tipoDocumento: null, conCodiceFiscale: true,
      }
    }
    if (present(input.tipoDocumento) && present(input.numeroDocumento)) {
      const numero = input.numeroDocumento.trim().toUpperCase()
      if (!NUMERO_DOCUMENTO.test(numero)) throw new CampoInputError(MESSAGGI.numeroDocumento)
      verificaEta(null, input.fasciaDiEtaId, minori, wireOggi)
      return {
        identificazione: 'ESISTENTE',
        body: {
          idCittadino, codiceFiscaleNonDisponibile: true, tipoDocumento: input.tipoDocumento as AggiungiCittadinoBody['tipoDocumento'], numeroDocumento: numero,
          ...(present(input.genere) ? { genere: input.genere as AggiungiCittadinoBody['genere'] } : {}),
          ...(typeof input.fasciaDiEtaId === 'number' ? { fasciaDiEtaId: input.fasciaDiEtaId } : {}),
          ...demografia,
        },
        genere: input.genere ?? null, fasciaDiEtaId: input.fasciaDiEtaId ?? null, tipoDocumento: input.tipoDocumento, conCodiceFiscale: false,
      }
    }
    throw new CampoInputError(MESSAGGI.identitaEsistente)
  }
  const completa = present(input.titoloDiStudio) && present(input.occupazione) && present(input.provinciaDiDomicilio) && present(input.cittadinanza)
  if (present(input.codiceFiscale)) {
    const derived = await deriveFromFiscalCode(input.codiceFiscale, oggi)
    if (!derived) throw new CampoInputError(MESSAGGI.codiceFiscale)
    verificaEta(derived.age, derived.fasciaDiEtaId, minori, wireOggi)
    if (!completa) throw new CampoInputError(MESSAGGI.datiCittadino)
    return {
      identificazione: 'CF', body: { codiceFiscale: derived.codiceFiscale, codiceFiscaleNonDisponibile: false, ...demografia },
      genere: derived.gender, fasciaDiEtaId: derived.fasciaDiEtaId, tipoDocumento: null, conCodiceFiscale: true,
    }
  }
  if (present(input.tipoDocumento) && present(input.numeroDocumento)) {
    const numero = input.numeroDocumento.trim().toUpperCase()
    if (!NUMERO_DOCUMENTO.test(numero)) throw new CampoInputError(MESSAGGI.numeroDocumento)
    if (typeof input.fasciaDiEtaId !== 'number') throw new CampoInputError(MESSAGGI.fasciaDiEta)
    verificaEta(null, input.fasciaDiEtaId, minori, wireOggi)
    if (!completa) throw new CampoInputError(MESSAGGI.datiCittadino)
    const genere = present(input.genere) ? input.genere : 'Preferisco non rispondere'
    return {
      identificazione: 'NUM_DOC',
      body: {
        codiceFiscaleNonDisponibile: true, tipoDocumento: input.tipoDocumento as AggiungiCittadinoBody['tipoDocumento'], numeroDocumento: numero,
        genere: genere as AggiungiCittadinoBody['genere'], fasciaDiEtaId: input.fasciaDiEtaId, ...demografia,
      },
      genere, fasciaDiEtaId: input.fasciaDiEtaId, tipoDocumento: input.tipoDocumento, conCodiceFiscale: false,
    }
  }
  throw new CampoInputError(MESSAGGI.identificazione)
}

/** The types of the citizen's most recent other service on the device (Q2), null when none is known. */
async function altroServizio(d: OfflineDb, idCittadino: number | null, idServizioLocale: string): Promise<string[] | null> {
  if (idCittadino === null) return null
  const additions = (await records.query<CittadinoDati>('cittadino-servizio', undefined, d))
    .map((c) => c.data)
    .filter((c) => c.idCittadino === idCittadino && c.idServizioLocale !== idServizioLocale)
  let best: ServizioDati | null = null
  for (const a of additions) {
    const s = (await records.get<ServizioDati>('servizio', a.idServizioLocale, d))?.data
    if (s && (!best || s.data > best.data || (s.data === best.data && (s.idServer ?? 0) > (best.idServer ?? 0)))) best = s
  }
  return best ? best.tipologiaServizio : null
}

/**
 * 'Aggiungi cittadino al servizio': kind 'cittadino.aggiungi' (depends on the service's creation or last
 * edit if unsent). Sent with `nuovoCittadino: false` (reuse or create) unless the device is online and the
 * form's search found nobody (`input.nuovoCittadino`). The fiscal code / document number go only into the
 * outbox payload; the local copy gets Q1 (no identifier), Q2 and the service's Q3.
 */
export async function aggiungiCittadino(idServizioLocale: string, input: CittadinoInput): Promise<CittadinoServizioLocale> {
  const r = fieldRole()
  const d = db()
  const svc = await servizioDelProfilo(d, r, idServizioLocale)
  const rif = await riferimenti(r)
  const now = new Date()
  const who = await identifica(input, rif, now)
  const idCittadino = who.body.idCittadino ?? null
  if (idCittadino !== null) {
    const siblings = (await records.query<CittadinoDati>('cittadino-servizio', undefined, d)).map((c) => c.data)
    if (siblings.some((c) => c.idServizioLocale === svc.idLocale && c.idCittadino === idCittadino)) throw new CampoInputError(MESSAGGI.giaAssociato)
  }
  if (who.body.codiceFiscale || who.body.numeroDocumento) {
    const open = await outbox.list()
    const same = open.some((e) => {
      const p = e.payload as CittadinoAggiungiPayload
      return e.kind === KIND.cittadinoAggiungi && p.idServizioLocale === svc.idLocale
        && ((!!who.body.codiceFiscale && p.cittadino.codiceFiscale === who.body.codiceFiscale)
          || (!!who.body.numeroDocumento && p.cittadino.numeroDocumento === who.body.numeroDocumento && p.cittadino.tipoDocumento === who.body.tipoDocumento))
    })
    if (same) throw new CampoInputError(MESSAGGI.giaAssociato)
  }

  const parent = await ultimaScritturaServizio(d, svc.idLocale)
  const idServizio = typeof svc.idServer === 'number' ? svc.idServer : svc.data.idServer
  if (!parent && idServizio == null) throw new CampoInputError(MESSAGGI.servizioNonTrovato)
  const idLocale = newIdLocale()
  const data: CittadinoDati = {
    idLocale, idServizioLocale: svc.idLocale, idServizio: idServizio ?? null, idCittadino, idQuestionario: null,
    genere: who.genere, fasciaDiEtaId: who.fasciaDiEtaId,
    titoloDiStudio: input.titoloDiStudio ?? null, occupazione: input.occupazione ?? null, provinciaDiDomicilio: input.provinciaDiDomicilio?.trim() ?? null,
    cittadinanza: input.cittadinanza ?? null, tipoDocumento: who.tipoDocumento, identificazione: who.identificazione,
    // the same mask the server stores (src/lib/masked-identity.ts), from what was typed at the desk
    identificativoMascherato: who.body.codiceFiscale ? maskFiscalCode(who.body.codiceFiscale) : who.body.numeroDocumento ? maskDocumentNumber(who.body.numeroDocumento) : null,
    dataOraAggiunta: now.toISOString(), scadenzaLink: null,
    statoQuestionario: 'NON_COMPILATA', dataUltimoAggiornamento: now.toISOString(),
    idProgetto: r.idProgetto, idEnte: r.idEnte, ordine: now.getTime(),
    idQuestionarioTemplate: svc.data.idQuestionarioTemplateSnapshot || (rif?.template?.idQuestionarioTemplate ?? ''),
    sezioneQ1Questionario: buildQ1Section({
      conCodiceFiscale: who.conCodiceFiscale, tipoDocumento: who.tipoDocumento, genere: who.genere, fasciaDiEtaId: who.fasciaDiEtaId,
      titoloDiStudio: input.titoloDiStudio, occupazione: input.occupazione, provinciaDiDomicilio: input.provinciaDiDomicilio?.trim(), cittadinanza: input.cittadinanza,
    }),
    sezioneQ2Questionario: buildQ2Section(await altroServizio(d, idCittadino, svc.idLocale)),
    sezioneQ3Questionario: svc.data.sezioneQ3Questionario,
    sezioneQ4Questionario: null,
  }
  const nuovoCittadino = input.nuovoCittadino === true && who.identificazione !== 'ESISTENTE' && connectivity.get() === 'online'
  await enqueue<CittadinoAggiungiPayload, CittadinoDati>({
    kind: KIND.cittadinoAggiungi,
    payload: { idCittadinoServizioLocale: idLocale, idServizioLocale: svc.idLocale, idServizio: idServizio ?? null, cittadino: { nuovoCittadino, ...who.body } },
    roleContext: r,
    dependsOn: parent ? [parent.id] : [],
    record: { tipo: 'cittadino-servizio', idLocale, data },
    label: etichette.cittadino(svc.data.nome, data.identificativoMascherato),
  })
  return toCittadinoLocale({ tipo: 'cittadino-servizio', idLocale, data, syncState: 'locale', updatedAt: now.getTime() }, undefined)
}
