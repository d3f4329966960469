/**
 * Pure rules of the technical-assistance request (spec 002 §2, §4, §5, §9; platform-frontend §6;
 * platform-backend §12), shared by the form and the server:
 * - who may send a request ({@link assistenzaAbilitata});
 * - the progressive enabling of the form's fields ({@link campiAbilitati});
 * - the attachments: accepted extensions, 10 MB in all, the file's content checked against its extension
 *   by its first bytes ({@link tipoDaContenuto}), so that an `.exe` renamed `.pdf` is refused.
 */

import { inGruppo, RUOLI_GESTIONE } from './ruoli'

/** Tag of the 'Altro' thematic area (platform-frontend §6). */
export const ALTRO_TAG = 'altro_problema'
/** Longest description, in plain characters (markup not counted). */
export const MAX_DESCRIZIONE = 1500
/** Longest subject and 'other area' text. */
export const MAX_OGGETTO = 200
/** All attachments together, in bytes (10 MB). */
export const MAX_ALLEGATI_BYTES = 10 * 1024 * 1024
/** At most this many attachments. */
export const MAX_ALLEGATI = 10

/** Accepted extensions (spec 002 §5). */
export const ESTENSIONI = ['txt', 'rtf', 'odt', 'zip', 'docx', 'doc', 'ppt', 'pptx', 'pdf', 'jpg', 'png', 'gif', 'xls', 'xlsx', 'csv', 'mpg', 'wmv'] as const
export type Estensione = (typeof ESTENSIONI)[number]

/** Roles and policies that may send a request (platform-backend §12 "front-end gating"). */
export function assistenzaAbilitata(codiceRuolo: string | null | undefined, policy: string | null | undefined): boolean {
  if (codiceRuolo === 'FAC') return policy === 'RFD'
  if (codiceRuolo === 'VOL') return policy === 'SCD'
  return inGruppo(RUOLI_GESTIONE, codiceRuolo) && (policy === 'RFD' || policy === 'SCD')
}

/** The form's values that drive the enabling. */
export interface StatoForm { areaTematica: string; altraAreaTematica: string; oggetto: string; descrizioneVuota: boolean }

/**
 * Which fields are enabled (spec 002 §4): area first; subject once an area is chosen (for 'Altro' once
 * the other-area text is filled); description once the subject is filled; attachments once the
 * description is filled.
 */
export function campiAbilitati(s: StatoForm): { altraArea: boolean; oggetto: boolean; descrizione: boolean; allegati: boolean } {
  const altro = s.areaTematica === ALTRO_TAG
  const oggetto = s.areaTematica !== '' && (!altro || s.altraAreaTematica.trim() !== '')
  const descrizione = oggetto && s.oggetto.trim() !== ''
  const allegati = descrizione && !s.descrizioneVuota
  return { altraArea: altro, oggetto, descrizione, allegati }
}

/** The lower-case extension of a file name ('' when none). */
export function estensioneDi(nome: string): string {
  const i = nome.lastIndexOf('.')
  return i > 0 ? nome.slice(i + 1).toLowerCase() : ''
}

const startsWith = (b: Uint8Array, sig: readonly number[], offset = 0) => sig.every((x, i) => b[offset + i] === x)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

/** Content families recognised from the first bytes. */
export type Famiglia = 'pdf' | 'png' | 'jpg' | 'gif' | 'zip' | 'ole' | 'rtf' | 'mpeg' | 'asf' | 'testo' | 'sconosciuto'

/** The content family of a file from its first bytes (at least 8 KB recommended for text). */
export function tipoDaContenuto(b: Uint8Array): Famiglia {
  if (startsWith(b, ascii('%PDF-'))) return 'pdf'
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpg'
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'gif'
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return 'zip'
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole'
  if (startsWith(b, ascii('{\\rtf'))) return 'rtf'
  if (startsWith(b, [0x00, 0x00, 0x01, 0xba]) || startsWith(b, [0x00, 0x00, 0x01, 0xb3])) return 'mpeg'
  if (startsWith(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf'
  if (pareTesto(b)) return 'testo'
  return 'sconosciuto'
}

/** Text: no NUL byte and (almost) no other control character in the first 8 KB; not an executable. */
function pareTesto(b: Uint8Array): boolean {
  if (startsWith(b, ascii('MZ')) || startsWith(b, [0x7f, 0x45, 0x4c, 0x46])) return false
  const n = Math.min(b.length, 8192)
  let controlli = 0
  for (let i = 0; i < n; i++) {
    const c = b[i]!
    if (c === 0) return false
    if (c < 9 || (c > 13 && c < 32 && c !== 27)) controlli++
  }
  return controlli <= n / 100
}

const FAMIGLIA_DI: Record<Estensione, Famiglia> = {
  txt: 'testo', csv: 'testo', rtf: 'rtf', pdf: 'pdf', png: 'png', jpg: 'jpg', gif: 'gif',
  zip: 'zip', docx: 'zip', xlsx: 'zip', pptx: 'zip', odt: 'zip', doc: 'ole', xls: 'ole', ppt: 'ole', mpg: 'mpeg', wmv: 'asf',
}

/** Media type sent with an accepted attachment. */
export const MEDIA_TYPE: Record<Estensione, string> = {
  txt: 'text/plain', csv: 'text/csv', rtf: 'application/rtf', pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif',
  zip: 'application/zip', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text', doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint',
  mpg: 'video/mpeg', wmv: 'video/x-ms-wmv',
}

/**
 * Why an attachment is refused, in Italian, or null when accepted: the extension must be listed and the
 * content must match it (a renamed executable is refused).
 */
export function motivoRifiutoAllegato(nome: string, contenuto: Uint8Array): string | null {
  const ext = estensioneDi(nome)
  if (!(ESTENSIONI as readonly string[]).includes(ext)) {
    return `Il file «${nome}» non è di un tipo ammesso. Tipi ammessi: ${ESTENSIONI.join(', ')}.`
  }
  if (contenuto.length === 0) return `Il file «${nome}» è vuoto.`
  if (tipoDaContenuto(contenuto) !== FAMIGLIA_DI[ext as Estensione]) {
    return `Il contenuto del file «${nome}» non corrisponde alla sua estensione .${ext}.`
  }
  return null
}

/** The message of attachments over the total limit. */
export const MESSAGGIO_TROPPO_GRANDI = 'Gli allegati superano in tutto il limite di 10 MB: rimuovine qualcuno.'
