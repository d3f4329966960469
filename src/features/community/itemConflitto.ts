/**
 * A content item's edit form as the conflict view compares it (issue 27 point 2): the values the merge works on
 * (`ValoriItem`, one flat record per section), how an item read — or a 409 V01's `corrente`, which is the detail
 * read `{ items: [item] }` — becomes those values, and the fields' Italian labels and formats.
 * - Programme and intervention are ONE field ('Programma e intervento', `'<programme>|<intervention>'`): they go
 *   together (a programme's intervention is its policy), so a merge never pairs one side's programme with the
 *   other's intervention.
 * - Files (cover, attachment) are compared by file name: the form's value is the chosen file's name, or the name
 *   of the file the item had when the dialog opened. The chosen file is sent only when the merged value is still
 *   its name ('Usa quella salvata' keeps the file someone else saved; a file nobody changed is never re-sent).
 * - The rich text is compared as the HTML the editor gives (the editor only reports the user's own edits) and shown
 *   as plain text.
 */
import * as v from 'valibot'
import { ItemSchema, type Item, type Section } from '../../api/contract/community'
import type { CampiVista, CampoVista } from '../../ui/conflitto'
import { plainTextOf } from '../../ui/rich-text/RichTextView'

/** What the edit form holds, whatever the section. */
export interface ModuloItem {
  titolo: string
  /** the category id as the select holds it ('' none) */
  categoria: string
  descrizione: string
  /** 'public' or the programme id */
  programma: string
  intervento: string
  tag: string
  linkEsterno: string
  abilitaCommenti: boolean
  inEvidenza: boolean
  /** file names ('' none) */
  copertina: string
  allegato: string
}

/** The merged record: the section's fields of {@link ModuloItem}, programme and intervention as `destinatari`. */
export type ValoriItem = Partial<Omit<ModuloItem, 'programma' | 'intervento'>> & { titolo: string; categoria: string; descrizione: string; destinatari?: string }

const TARGETED: Readonly<Record<Section, boolean>> = { board: true, community: false, document: true }

/** The section's fields of the form, normalised as they are sent (title and link trimmed). */
export function valoriItem(section: Section, m: ModuloItem): ValoriItem {
  return {
    titolo: m.titolo.trim(), categoria: m.categoria, descrizione: m.descrizione,
    ...(TARGETED[section] ? { destinatari: `${m.programma}|${m.intervento}` } : {}),
    ...(section === 'community' ? { tag: m.tag } : {}),
    ...(section === 'document' ? { linkEsterno: m.linkEsterno.trim() } : {}),
    ...(section === 'board' ? { abilitaCommenti: m.abilitaCommenti, inEvidenza: m.inEvidenza, copertina: m.copertina } : {}),
    allegato: m.allegato,
  }
}

/** An item as the form starts from it. */
export function moduloDiItem(item: Item): ModuloItem {
  return {
    titolo: item.title, categoria: item.category === null ? '' : String(item.category), descrizione: item.description,
    programma: String(item.program), intervento: item.intervention, tag: item.tags, linkEsterno: item.external_link ?? '',
    abilitaCommenti: item.enable_comments, inEvidenza: item.highlighted, copertina: item.cover_file_name ?? '', allegato: item.attachment_file_name ?? '',
  }
}

/** `destinatari` split back into the body's programme and intervention. */
export function destinatariDi(valori: ValoriItem): { program: 'public' | number; intervention: string } | null {
  if (valori.destinatari === undefined) return null
  const [p = 'public', intervention = 'public'] = valori.destinatari.split('|')
  return { program: p === 'public' ? 'public' : Number(p), intervention }
}

const CorrenteSchema = v.object({ items: v.array(ItemSchema) })

/** The item of a 409 V01's `corrente` (the detail read), with its version; null when it cannot be read. */
export function itemDiCorrente(corrente: unknown): (Item & { versione: number }) | null {
  const r = v.safeParse(CorrenteSchema, corrente)
  const it = r.success ? r.output.items[0] : undefined
  return it && typeof it.versione === 'number' ? { ...it, versione: it.versione } : null
}

/** The names the view shows for ids: a programme's and a category's (the caller knows them from its reads). */
export interface NomiItem {
  programma(id: string): string
  categoria(id: string): string
}

const nonVuoto = (s: string) => (s === '' ? '(vuoto)' : s)

/** The fields' labels and formats in the conflict view, by section (the form's own labels). */
export function campiItem(section: Section, nomi: NomiItem): CampiVista {
  const testo = (x: unknown) => nonVuoto(typeof x === 'string' ? x : '')
  const campi: Record<string, CampoVista> = {
    titolo: { label: 'Titolo', format: testo },
    destinatari: {
      label: 'Programma e intervento',
      format: (x) => {
        const [p = 'public', i = 'public'] = String(x ?? '').split('|')
        return `${p === 'public' ? 'Tutti i programmi' : nomi.programma(p)} · ${i === 'public' ? 'Tutti gli interventi' : i}`
      },
    },
    categoria: { label: 'Categoria', format: (x) => (x === '' || x == null ? '(vuoto)' : nomi.categoria(String(x))) },
    descrizione: { label: section === 'board' ? 'Testo' : 'Descrizione', format: (x) => nonVuoto(plainTextOf(typeof x === 'string' ? x : '')) },
    tag: { label: 'Tag', format: testo },
    linkEsterno: { label: 'Link esterno', format: testo },
    abilitaCommenti: { label: 'Abilita commenti' },
    inEvidenza: { label: 'Annunci in evidenza' },
    copertina: { label: 'Immagine di copertina', format: (x) => (x ? `File ${String(x)}` : '(nessuna)') },
    allegato: { label: 'Allegato', format: (x) => (x ? `File ${String(x)}` : '(nessuno)') },
  }
  return campi
}
