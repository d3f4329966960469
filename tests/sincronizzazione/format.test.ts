import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../src/offline'
import {
  applyFieldEdits,
  canDiscardEntry,
  canEditEntry,
  canRetryEntry,
  errorLabel,
  exportFileName,
  fieldLabel,
  groupEntries,
  kindLabel,
  maskFiscalCode,
  mirrorRecordData,
  relabel,
  plainFields,
  roleContextLabel,
} from '../../src/features/sincronizzazione/format'
import { profile } from '../ui/fixtures'

const rc = { codiceRuolo: 'FAC', idProgramma: 7, idProgetto: 42, idEnte: 3, utente: 'a'.repeat(64) }

function entry(over: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: 'e1', seq: 1, idempotencyKey: 'k', kind: 'servizio.crea', payload: {}, roleContext: rc, dependsOn: [], status: 'pending',
    attempts: 0, lastError: null, nextAttemptAt: 0, createdAt: 0, updatedAt: 0, record: null, recordKey: null, ...over,
  }
}

describe('sync centre formatting', () => {
  it('names operation kinds in Italian, with a generic fallback', () => {
    expect(kindLabel('servizio.crea')).toBe('Creazione servizio')
    expect(kindLabel('cittadino.aggiungi')).toBe('Aggiunta cittadino al servizio')
    expect(kindLabel('questionario.compila')).toBe('Compilazione questionario')
    expect(kindLabel('servizio.archivia')).toBe('Operazione su un servizio')
    expect(kindLabel('boh')).toBe('Operazione')
  })

  it('shows the role profile from the user profiles, or the role code with ids', () => {
    expect(roleContextLabel(rc, [profile('FAC')])).toBe('Facilitatore – Lazio Digitale Roma')
    expect(roleContextLabel(rc, [])).toBe('FAC (programma 7, progetto 42, ente 3)')
    expect(roleContextLabel({ ...rc, codiceRuolo: 'DTD', idProgramma: null, idProgetto: null, idEnte: null })).toBe('DTD')
  })

  it("puts the server's message, code and status in the error text", () => {
    expect(errorLabel({ kind: 'validation', status: 400, errorCode: 'S02', message: 'Data non valida' })).toBe('Data non valida (codice S02) [HTTP 400]')
    expect(errorLabel({ kind: 'validation', status: 422, errorCode: 'U07', message: 'Cittadino già presente (errore U07)' })).toBe('Cittadino già presente (errore U07) [HTTP 422]')
    expect(errorLabel({ kind: 'network', message: 'Connessione assente' })).toBe('Connessione assente')
  })

  it('masks fiscal codes', () => {
    expect(maskFiscalCode('RMNSRA92E51A944H')).toBe('RMN***********4H')
    expect(maskFiscalCode('ABC')).toBe('***')
  })

  it('offers the plain fields of a payload, never ids, with fiscal codes flagged', () => {
    const fields = plainFields({ idLocale: 'u-1', idServizio: 3, nome: 'Corso SPID', durata: 90, codiceFiscale: 'RMNSRA92E51A944H', altro: 'SPSLCU00B24F839F', sezioneQ3: '{"id":"q3"}', tipi: ['x'], ok: true, vuoto: null })
    expect(fields).toEqual([
      { key: 'nome', kind: 'text', value: 'Corso SPID', fiscalCode: false },
      { key: 'durata', kind: 'number', value: '90', fiscalCode: false },
      { key: 'codiceFiscale', kind: 'text', value: 'RMNSRA92E51A944H', fiscalCode: true },
      { key: 'altro', kind: 'text', value: 'SPSLCU00B24F839F', fiscalCode: true },
    ])
    // nested objects of the field payloads (servizio, cittadino), two levels at most
    expect(plainFields({ idLocale: 'u', servizio: { nomeServizio: 'Corso', idSedeServizio: 4, tipo: ['a'], extra: { deep: { no: 'x' }, si: 'y' } } }).map((f) => f.key)).toEqual([
      'servizio.nomeServizio',
    ])
    expect(plainFields({ cittadino: { codiceFiscale: 'RMNSRA92E51A944H', fasciaDiEtaId: 2 } })).toEqual([
      { key: 'cittadino.codiceFiscale', kind: 'text', value: 'RMNSRA92E51A944H', fiscalCode: true },
      { key: 'cittadino.fasciaDiEtaId', kind: 'number', value: '2', fiscalCode: false },
    ])
    expect(plainFields(null)).toEqual([])
    expect(plainFields(['a'])).toEqual([])
    expect(fieldLabel('nomeServizio')).toBe('Nome servizio')
    expect(fieldLabel('durata_servizio')).toBe('Durata servizio')
  })

  it('applies edits: numbers parsed, fiscal code kept when left empty, invalid numbers refused', () => {
    const payload = { idLocale: 'u-1', nome: 'Corso', durata: 90, codiceFiscale: 'RMNSRA92E51A944H' }
    const fields = plainFields(payload)
    const ok = applyFieldEdits(payload, fields, { nome: 'Corso SPID', durata: '60,5', codiceFiscale: '' })
    expect(ok).toEqual({ ok: true, payload: { idLocale: 'u-1', nome: 'Corso SPID', durata: 60.5, codiceFiscale: 'RMNSRA92E51A944H' }, changed: ['nome', 'durata'] })
    const cf = applyFieldEdits(payload, fields, { codiceFiscale: ' spslcu00b24f839f ' })
    expect(cf.ok && cf.payload.codiceFiscale).toBe('SPSLCU00B24F839F')
    expect(applyFieldEdits(payload, fields, { durata: 'tanto' })).toEqual({ ok: false, key: 'durata', message: 'Durata: inserisci un numero.' })
    expect(applyFieldEdits(payload, fields, { durata: '' }).ok).toBe(false)
    const nested = { idLocale: 'u', servizio: { nomeServizio: 'Corso', durataServizio: '1:00' } }
    const r = applyFieldEdits(nested, plainFields(nested), { 'servizio.nomeServizio': 'Corso SPID', 'servizio.durataServizio': '1:00' })
    expect(r).toEqual({ ok: true, payload: { idLocale: 'u', servizio: { nomeServizio: 'Corso SPID', durataServizio: '1:00' } }, changed: ['servizio.nomeServizio'] })
    expect(nested.servizio.nomeServizio).toBe('Corso')
    expect(fieldLabel('servizio.nomeServizio')).toBe('Nome servizio')
  })

  it('shows a wire date DD-MM-YYYY and writes the typed one back as YYYY-MM-DD (issue 8 point 6)', () => {
    const payload = { servizio: { nomeServizio: 'Corso', data: '2026-05-12' } }
    const fields = plainFields(payload)
    expect(fields).toContainEqual({ key: 'servizio.data', kind: 'date', value: '12-05-2026', fiscalCode: false })
    expect(applyFieldEdits(payload, fields, { 'servizio.data': '12-05-2026' })).toEqual({ ok: true, payload, changed: [] })
    expect(applyFieldEdits(payload, fields, { 'servizio.data': '03/04/2026' })).toEqual({
      ok: true, payload: { servizio: { nomeServizio: 'Corso', data: '2026-04-03' } }, changed: ['servizio.data'],
    })
    expect(applyFieldEdits(payload, fields, { 'servizio.data': '31-02-2026' })).toEqual({
      ok: false, key: 'servizio.data', message: 'Data: inserisci una data nel formato GG-MM-AAAA.',
    })
  })

  it('mirrors corrections into the local copy only where it holds the same old value', () => {
    expect(mirrorRecordData({ nome: 'Corso', sede: 'X' }, { nome: 'Corso' }, { nome: 'Corso SPID' }, ['nome'])).toEqual({ nome: 'Corso SPID', sede: 'X' })
    expect(mirrorRecordData({ nome: 'Altro' }, { nome: 'Corso' }, { nome: 'Corso SPID' }, ['nome'])).toBeUndefined()
    // the service record keeps `nome`, the queued request sends `servizio.nomeServizio`
    expect(mirrorRecordData({ nome: 'Corso', data: '2026-05-12' }, { servizio: { nomeServizio: 'Corso' } }, { servizio: { nomeServizio: 'Corso PEC' } }, ['servizio.nomeServizio']))
      .toEqual({ nome: 'Corso PEC', data: '2026-05-12' })
    expect(relabel('Servizio «Corso» del 12/05/2026', { servizio: { nomeServizio: 'Corso' } }, { servizio: { nomeServizio: 'Corso PEC' } })).toBe('Servizio «Corso PEC» del 12/05/2026')
    expect(relabel('Servizio «Corso» del 12/05/2026', { servizio: { nomeServizio: 'Corso' } }, { servizio: { nomeServizio: 'Corso' } })).toBeUndefined()
    expect(mirrorRecordData({ titolo: 'Corso' }, { nome: 'Corso' }, { nome: 'Corso SPID' }, ['nome'])).toBeUndefined()
    expect(mirrorRecordData({ nomeServizio: 'Corso' }, { servizio: { nomeServizio: 'Corso' } }, { servizio: { nomeServizio: 'Corso SPID' } }, ['servizio.nomeServizio'])).toEqual({ nomeServizio: 'Corso SPID' })
  })

  it('offers actions by state', () => {
    expect(canEditEntry(entry())).toBe(true)
    expect(canEditEntry(entry({ status: 'attention', attempts: 1, lastError: { kind: 'validation', status: 400, message: 'x' } }))).toBe(true)
    expect(canEditEntry(entry({ status: 'failed-retry', attempts: 2, lastError: { kind: 'server', status: 500, message: 'x' } }))).toBe(false)
    expect(canEditEntry(entry({ status: 'sending' }))).toBe(false)
    expect(canRetryEntry(entry())).toBe(false)
    expect(canRetryEntry(entry({ status: 'attention' }))).toBe(true)
    expect(canRetryEntry(entry({ status: 'paused-auth' }))).toBe(true)
    expect(canDiscardEntry(entry({ status: 'sending' }))).toBe(false)
    expect(canDiscardEntry(entry({ status: 'failed-retry' }))).toBe(true)
  })

  it('groups open entries and names the export file by date', () => {
    const g = groupEntries([entry({ id: 'a' }), entry({ id: 'b', status: 'attention' }), entry({ id: 'c', status: 'done' }), entry({ id: 'd' })])
    expect(g.pending.map((e) => e.id)).toEqual(['a', 'd'])
    expect(g.attention.map((e) => e.id)).toEqual(['b'])
    expect(exportFileName(new Date(2025, 2, 7, 23, 59))).toBe('punto-digitale-operazioni-2025-03-07.json')
  })
})
