/**
 * The downloadable templates of the mass upload (platform-frontend §7.4): the 33 headers of tracciato.ts
 * in order and one example row, as CSV (UTF-8 with BOM, ';') and as XLSX (one sheet 'Servizi', header in
 * row 1, every cell typed as text so that Excel keeps codes such as '1:4' and dates as written, plus a
 * second sheet 'Legenda' with the meaning of each column).
 */
import ExcelJS from 'exceljs'
import { toCsv } from '../../../src/lib/csv'
import { COLONNE, OBBLIGATORIE, RIGA_ESEMPIO } from './tracciato'

/** What each column holds (the 'Legenda' sheet). */
export const LEGENDA: Record<(typeof COLONNE)[number], string> = {
  IDFacilitatore: 'Codice fiscale del facilitatore o volontario', NominativoFacilitatore: 'Cognome e nome del facilitatore',
  IDSede: 'Numero identificativo della sede', NominativoSede: 'Nome della sede', AN1: 'Nome del cittadino (non viene salvato)',
  AN2: 'Cognome del cittadino (non viene salvato)', AN3: 'Codice fiscale del cittadino', AN4: 'Codice fiscale non disponibile: SI o NO',
  AN5: 'Tipo di documento (A–E), se AN4 è SI', AN6: 'Numero del documento, se AN4 è SI', AN7: 'Genere (A–D)', AN8: 'Fascia di età (1–5)',
  AN9: 'Titolo di studio (A–H)', AN10: 'Stato occupazionale (A–M)', AN11: 'Cittadinanza (A–C)', AN12: 'Provincia di domicilio (nome)',
  AN14: 'Non usato', AN17: 'Non usato', PR1: 'Prima volta in un servizio di facilitazione: SI o NO', PR2: 'Servizio usato in precedenza (A–E)',
  SE1: 'Data del servizio (AAAA-MM-GG)', SE2: 'Durata (OO:MM)', SE3: 'Tipo di servizio (A–E, più codici separati da :)',
  SE4: 'Competenze trattate di primo livello (A–E)', SE5: 'Competenze specifiche (1–13)', SE6: 'Ambito dei servizi pubblici digitali (A–S)',
  SE7: 'Dettagli del servizio (massimo 600 caratteri)', ES1: 'Come ha conosciuto il servizio (A–M)', ES2: 'Motivo della prenotazione (A–L)',
  ES3: 'Ripeterà l’esperienza (A–E)', ES4: 'Ambito di interesse (testo)', ES5: 'Cosa aiuta di più (A–O)', ES6: 'Valutazione (1–5)',
}

/** The CSV template (text). */
export function modelloCsv(): string {
  return toCsv(COLONNE, [COLONNE.map((c) => RIGA_ESEMPIO[c])])
}

/** The XLSX template (bytes). */
export async function modelloXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('Servizi')
  sheet.columns = COLONNE.map((c) => ({ header: c, key: c, width: Math.max(10, c.length + 4), style: { numFmt: '@' } }))
  sheet.addRow(COLONNE.map((c) => RIGA_ESEMPIO[c]))
  sheet.getRow(1).font = { bold: true }
  const legenda = wb.addWorksheet('Legenda')
  legenda.columns = [{ header: 'Colonna', width: 24 }, { header: 'Contenuto', width: 60 }, { header: 'Obbligatoria', width: 14 }]
  for (const c of COLONNE) legenda.addRow([c, LEGENDA[c], OBBLIGATORIE.includes(c) ? 'Sì' : 'No'])
  return Buffer.from(await wb.xlsx.writeBuffer())
}
