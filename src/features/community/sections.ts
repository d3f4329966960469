/**
 * The three community sections as the client shows them (spec 001 §2, §9): route, wire section,
 * titles, info text, sort options, permission codes, empty-search message.
 */
import type { Section, Sort } from '../../api/contract/community'

export interface SectionConfig {
  section: Section
  /** route of the list; the detail is `${path}/{id}` */
  path: '/bacheca' | '/forum' | '/documenti'
  title: string
  subtitle: string
  info: string
  sorts: { value: Sort; label: string }[]
  /** the section has programme targeting (filters Programma, Intervento) */
  targeted: boolean
  backLabel: string
  emptySearch: string
  itemNoun: string
}

const COMMON_SORTS: { value: Sort; label: string }[] = [
  { value: 'created', label: 'Più recenti' }, { value: 'likes', label: 'Più popolari' },
  { value: 'views', label: 'Più letti' }, { value: 'comments', label: 'Più commentati' },
]

export const COMMUNITY_SECTIONS: Record<Section, SectionConfig> = {
  board: {
    section: 'board', path: '/bacheca', title: 'Bacheca',
    subtitle: 'Annunci e novità per la comunità delle facilitatrici e dei facilitatori.',
    info: 'In bacheca trovi gli annunci pubblicati dai referenti dei programmi e dei progetti: eventi, formazione e comunicazioni. Gli annunci in evidenza sono mostrati per primi.',
    sorts: COMMON_SORTS, targeted: true, backLabel: 'Vai alla bacheca', emptySearch: 'Non ci sono annunci', itemNoun: 'annuncio',
  },
  community: {
    section: 'community', path: '/forum', title: 'Forum',
    subtitle: 'Discussioni della comunità di facilitatrici, facilitatori e referenti.',
    info: 'Nel forum puoi aprire una discussione, rispondere e mettere “mi piace” ai contributi degli altri.',
    sorts: COMMON_SORTS, targeted: false, backLabel: 'Vai al forum', emptySearch: 'Non ci sono argomenti', itemNoun: 'argomento',
  },
  document: {
    section: 'document', path: '/documenti', title: 'Documenti',
    subtitle: 'Documenti e materiali da consultare e scaricare.',
    info: 'Nella sezione documenti trovi guide, modulistica e materiali formativi. Formati ammessi: doc, docx, xls, xlsx, ppt, pptx e altri; fino a 10 MB per file.',
    sorts: [{ value: 'created', label: 'Più recenti' }, { value: 'downloads', label: 'Più scaricati' }, { value: 'comments', label: 'Più commentati' }],
    targeted: true, backLabel: 'Vai ai documenti', emptySearch: 'Non ci sono documenti', itemNoun: 'documento',
  },
}
