/**
 * The survey template editor's rules (src/lib/questionario-editor.ts; spec 002 §2–§3, §5, §9;
 * platform-frontend §3.4): fixed and locked sections, predefined questions, add / move / remove with a
 * section keeping one question, the seven answer types and their schema mapping, Italian validation
 * messages, and the server's check of saved sections.
 */
import { describe, expect, it } from 'vitest'
import { SEZIONI_QUESTIONARIO } from '../../src/api/contract/enums'
import type { SezioneTemplateWire } from '../../src/api/contract/questionario'
import {
  aggiungiDomanda, aggiungiSezione, controllaSezioni, domandaRimovibile, domandaSchema, isPredefinita, modelloDaTemplate, modificaDomanda, MSG,
  rimuoviDomanda, rimuoviSezione, sezioneSpostabile, sezioniSchema, spostaDomanda, spostaSezione, TIPI_DOMANDA, tipoDi, validateModello,
  type DomandaEditor, type ModelloEditor,
} from '../../src/lib/questionario-editor'
import { questionsOf } from '../../src/lib/survey-questions'
import { defaultSections } from '../../server/seed/questionnaire'

const { Q1, Q2, Q3, Q4 } = SEZIONI_QUESTIONARIO
const base = () => defaultSections() as unknown as SezioneTemplateWire[]
const modello = (): ModelloEditor => modelloDaTemplate('Questionario', 'Descrizione', base())
const sezione = (m: ModelloEditor, id: string) => m.sezioni.find((s) => s.id === id)!
const nuova = (id: string, tipo: DomandaEditor['tipo'], opzioni: string[] = []): DomandaEditor =>
  ({ id, titolo: 'Domanda', tipo, opzioni, obbligatoria: true, predefinita: false })

describe('sections and predefined questions', () => {
  it('reads Q1–Q4 as fixed sections, Q1 and Q2 locked, ids below 35 predefined', () => {
    const m = modello()
    expect(m.sezioni.map((s) => [s.chiave, s.bloccata])).toEqual([['Q1', true], ['Q2', true], ['Q3', false], ['Q4', false]])
    expect(isPredefinita('34')).toBe(true)
    expect(isPredefinita('35')).toBe(false)
    expect(isPredefinita('1663320201383')).toBe(false)
    expect(sezione(m, Q4.id).domande.map((d) => [d.id, d.predefinita])).toEqual([['29', true], ['30', true], ['31', true], ['32', true], ['33', true], ['1663320201383', false]])
  })

  it('saves an untouched template as it was read (locked sections verbatim, predefined definitions kept)', () => {
    const sections = sezioniSchema(modello())
    expect(sections[0]).toEqual(base()[0])
    expect(sections[1]).toEqual(base()[1])
    expect(controllaSezioni(base(), sections)).toBeNull()
  })

  it('refuses edits in Q1 and Q2: no question added, moved, removed or renamed there', () => {
    const m = modello()
    expect(aggiungiDomanda(m, Q1.id, 1e12)).toEqual(m)
    expect(spostaDomanda(m, Q2.id, '20', 1)).toEqual(m)
    expect(rimuoviDomanda(m, Q2.id, '21')).toEqual(m)
    expect(modificaDomanda(m, Q1.id, '5', { titolo: 'Sesso' })).toEqual(m)
  })

  it('lets a predefined question change its title only, and never removes it', () => {
    const m = modificaDomanda(modello(), Q4.id, '29', { titolo: "Com'è andata?", tipo: 'text', obbligatoria: false })
    const d = sezione(m, Q4.id).domande[0]!
    expect(d).toMatchObject({ titolo: "Com'è andata?", tipo: 'checkbox', obbligatoria: true })
    expect(domandaRimovibile(sezione(m, Q4.id), d)).toBe(false)
    expect(rimuoviDomanda(m, Q4.id, '29')).toEqual(m)
    const saved = sezioniSchema(m)[3]!
    expect(saved.schema.properties['29']).toMatchObject({ title: 'Com’è andata?', type: 'object' })
    expect(saved.schema.required).toContain('29')
    expect(saved.schema.default).toContain('29')
    expect(controllaSezioni(base(), sezioniSchema(m))).toBeNull()
  })
})

describe('adding, moving and removing', () => {
  it("adds a question with a timestamp id at the end of Q4, moves it up and down, removes it", () => {
    let m = aggiungiDomanda(modello(), Q4.id, 1_800_000_000_000)
    const q4 = () => sezione(m, Q4.id).domande.map((d) => d.id)
    expect(q4().at(-1)).toBe('1800000000000')
    m = spostaDomanda(m, Q4.id, '1800000000000', -1)
    expect(q4().slice(-2)).toEqual(['1800000000000', '1663320201383'])
    m = spostaDomanda(m, Q4.id, '1663320201383', 1) // already last: unchanged
    expect(q4().slice(-2)).toEqual(['1800000000000', '1663320201383'])
    m = rimuoviDomanda(m, Q4.id, '1800000000000')
    expect(q4()).not.toContain('1800000000000')
  })

  it('keeps at least one question in a section', () => {
    let m = aggiungiSezione(modello(), 1_800_000_000_000)
    const added = m.sezioni.at(-1)!
    expect(added).toMatchObject({ titolo: 'Sezione', chiave: null })
    expect(added.domande).toHaveLength(1)
    expect(domandaRimovibile(added, added.domande[0]!)).toBe(false)
    m = rimuoviDomanda(m, added.id, added.domande[0]!.id)
    expect(sezione(m, added.id).domande).toHaveLength(1)
  })

  it('moves added sections among themselves only, removes them, never the fixed ones', () => {
    let m = aggiungiSezione(aggiungiSezione(modello(), 1_800_000_000_000), 1_800_000_000_100)
    const [a, b] = m.sezioni.slice(4).map((s) => s.id)
    expect(sezioneSpostabile(m, a!, -1)).toBe(false)
    m = spostaSezione(m, b!, -1)
    expect(m.sezioni.slice(4).map((s) => s.id)).toEqual([b, a])
    expect(spostaSezione(m, Q4.id, 1)).toEqual(m)
    expect(rimuoviSezione(m, Q3.id)).toEqual(m)
    m = rimuoviSezione(m, a!)
    expect(m.sezioni.map((s) => s.id)).toEqual([Q1.id, Q2.id, Q3.id, Q4.id, b])
    // the added section's new question has no text yet
    expect(controllaSezioni(base(), sezioniSchema(m))).toBe(MSG.domanda)
  })
})

describe('the seven answer types', () => {
  it('are offered with their Italian labels', () => {
    expect(TIPI_DOMANDA.map((t) => `${t.value}:${t.label}`)).toEqual([
      'text:Testuale', 'number:Numerica', 'date:Calendario', 'time:Ora', 'select:Lista valori', 'checkbox:Scelta multipla', 'range:Gradimento',
    ])
  })

  it('map to the schema of spec 002 §3 and back, and draw as the renderer expects', () => {
    const cases: [DomandaEditor, object, string][] = [
      [nuova('100', 'text'), { type: 'string' }, 'textarea'],
      [nuova('101', 'number'), { type: 'number' }, 'number'],
      [nuova('102', 'date'), { type: 'date' }, 'date'],
      [nuova('103', 'time'), { type: 'time' }, 'time'],
      [nuova('104', 'select', ["L'uno", 'Due, tre']), { type: 'string', enum: ['L’uno', 'Due§ tre'] }, 'radio'],
      [nuova('105', 'checkbox', ['A', 'B']), { type: 'object', properties: { A: { type: 'boolean' }, B: { type: 'boolean' } } }, 'checkbox'],
      [nuova('106', 'range'), { type: 'range', minimum: 1, maximum: 5 }, 'rating'],
    ]
    for (const [d, schema, kind] of cases) {
      const q = domandaSchema(d, 7)
      expect(q).toEqual({ id: d.id, title: 'Domanda', order: 7, ...schema })
      expect(tipoDi(q)).toBe(d.tipo)
      const section = { id: 'x', title: 'x', schema: { type: 'object' as const, properties: { [d.id]: q }, required: [d.id], default: [] }, schemaui: {}, 'default-section': false }
      const [drawn] = questionsOf(section)
      expect(drawn).toMatchObject({ kind, required: true })
      if (d.tipo === 'range') expect(drawn).toMatchObject({ min: 1, max: 5 })
      if (d.tipo === 'select') expect(drawn!.options).toEqual(['L’uno', 'Due, tre'])
    }
  })
})

describe('validation (Italian messages)', () => {
  it('requires name, description, question texts and the values of choices', () => {
    let m = { ...modello(), nome: ' ', descrizione: '' }
    m = aggiungiDomanda(m, Q4.id, 1_800_000_000_000)
    m = modificaDomanda(m, Q4.id, '1800000000000', { tipo: 'select', opzioni: ['Solo uno'] })
    m = aggiungiDomanda(m, Q3.id, 1_800_000_000_001)
    m = modificaDomanda(m, Q3.id, '1800000000001', { titolo: 'Scegli', tipo: 'checkbox', opzioni: ['a', 'A'] })
    expect(validateModello(m)).toEqual({
      nome: MSG.nome,
      descrizione: MSG.descrizione,
      [`${Q4.id}/1800000000000`]: MSG.domanda,
      [`${Q4.id}/1800000000000/opzioni`]: MSG.opzioniLista,
      [`${Q3.id}/1800000000001/opzioni`]: MSG.opzioniDoppie,
    })
    expect(validateModello(modello())).toEqual({})
  })
})

describe('the server check of saved sections', () => {
  const saved = (edit: (s: SezioneTemplateWire[]) => void) => {
    const s = structuredClone(sezioniSchema(modello()))
    edit(s)
    return controllaSezioni(base(), s)
  }
  it('refuses Q1 or Q2 changed, a predefined question removed, changed or moved, the fixed sections out of order, an unknown type', () => {
    expect(saved((s) => { s[0]!.schema.properties['5']!.title = 'Sesso' })).toMatch(/Q1/)
    expect(saved((s) => { delete s[3]!.schema.properties['29'] })).toMatch(/rimosse/)
    expect(saved((s) => { s[3]!.schema.properties['29']!.type = 'string' })).toMatch(/solo il testo/)
    expect(saved((s) => { s[3]!.schema.required = ['30'] })).toMatch(/obbligatorie/)
    expect(saved((s) => { [s[2], s[3]] = [s[3]!, s[2]!] })).toBe(MSG.sezioniFisse)
    expect(saved((s) => { s[3]!.schema.properties['99'] = { id: '99', title: 'X', type: 'string', order: 9, keyBE: 'codiceFiscale' } })).toMatch(/tipo/)
    expect(saved((s) => { s[3]!.schema.properties['99'] = { id: '99', title: ' ', type: 'string', order: 9 } })).toBe(MSG.domanda)
    expect(saved((s) => { s[3]!.schema.properties.abc = { id: 'abc', title: 'X', type: 'string', order: 9 } })).toMatch(/numerici/)
    expect(saved(() => undefined)).toBeNull()
  })
})
