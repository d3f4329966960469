/**
 * Q1 `anagraphic-citizen-section`: the citizen's pseudonymised personal data, questions 1–10
 * (platform-frontend §3.3 "Q1 (current)"), and the consent to the processing of data, 18 (type) and 19
 * (date) as in the legacy Q1 (platform-backend §6.4; issue 8 point 1), answered once the consent is
 * recorded. Locked section: copied verbatim into every template (migration 0004 adds 18–19 to existing ones).
 */
import provinces from '../../../public/data/province.json'
import {
  CITTADINANZA, FASCE_DI_ETA, GENERE, ID_DOMANDA_CONSENSO, ID_DOMANDA_DATA_CONSENSO, SEZIONI_QUESTIONARIO, STATO_OCCUPAZIONALE,
  TIPO_CONFERIMENTO_CONSENSO, TIPO_DOCUMENTO, TITOLO_DI_STUDIO,
} from '../../../src/api/contract/enums'
import { field, section, select } from './builders'

const PROVINCE_NAMES = (provinces as { nome: string }[]).map((p) => p.nome)

export const Q1_SECTION = section(SEZIONI_QUESTIONARIO.Q1.id, SEZIONI_QUESTIONARIO.Q1.titolo, [
  field('1', 'Codice fiscale', 'string', 1, { keyBE: 'codiceFiscale', dependencyNotFlag: '2', regex: '^[A-Z0-9]{16}$' }),
  field('2', 'Codice fiscale non disponibile', 'boolean', 2, { keyBE: 'codiceFiscaleNonDisponibile', flag: true }),
  select('3', 'Tipo documento', TIPO_DOCUMENTO, 3, { keyBE: 'tipoDocumento', dependencyFlag: '2' }),
  field('4', 'Numero documento', 'string', 4, { keyBE: 'numeroDocumento', dependencyFlag: '2', regex: '^[A-Za-z0-9_.-]{5,10}$' }),
  select('5', 'Genere', GENERE, 5, { keyBE: 'genere' }),
  select('6', 'Fascia di età', FASCE_DI_ETA.map((f) => f.fascia), 6, { keyBE: 'fasciaDiEtaId' }),
  select('7', 'Titolo di studio (livello più alto raggiunto)', TITOLO_DI_STUDIO, 7, { keyBE: 'titoloDiStudio' }),
  select('8', 'Stato occupazionale', STATO_OCCUPAZIONALE, 8, { keyBE: 'occupazione' }),
  select('9', 'Provincia di domicilio', PROVINCE_NAMES, 9, { keyBE: 'provinciaDiDomicilio' }),
  select('10', 'Cittadinanza', CITTADINANZA, 10, { keyBE: 'cittadinanza' }),
  select(ID_DOMANDA_CONSENSO, 'Modalità del consenso al trattamento dei dati personali', TIPO_CONFERIMENTO_CONSENSO.map((c) => c.label), 11,
    { keyBE: 'tipoConferimentoConsenso' }),
  field(ID_DOMANDA_DATA_CONSENSO, 'Data del consenso al trattamento dei dati personali', 'date', 12, { keyBE: 'dataConferimentoConsenso' }),
], { required: ['1', '5', '6', '7', '8', '9', '10'], locked: true })
