/**
 * Q3 `anagraphic-service-section`: the service data filled when the service is created, questions
 * 22–28, all required (platform-frontend §3.3). 25/26 form the two-level competence tree
 * (`enumLevel1` / `enumLevel2` with `upperLevel`); 26 is rendered inside 25.
 */
import {
  AMBITO_SERVIZI_PUBBLICI, COMPETENZE_LIVELLO_1, COMPETENZE_LIVELLO_2, SEZIONI_QUESTIONARIO, TIPOLOGIA_SERVIZIO,
} from '../../../src/api/contract/enums'
import { checkbox, field, section } from './builders'

export const Q3_SECTION = section(SEZIONI_QUESTIONARIO.Q3.id, SEZIONI_QUESTIONARIO.Q3.titolo, [
  field('22', 'Data', 'date', 1, { keyBE: 'data' }),
  field('23', 'Durata', 'time', 2, { keyBE: 'durataServizio', regex: '^\\d{1,3}:[0-5]\\d$' }),
  checkbox('24', 'Tipo di servizio prenotato', TIPOLOGIA_SERVIZIO, 3, { keyBE: 'tipologia' }),
  field('25', 'Specifica le competenze trattate', 'object', 4, {
    keyBE: 'ambito1', format: 'multiple-select', relatedTo: '26', enumLevel1: [...COMPETENZE_LIVELLO_1],
  }),
  field('26', 'Specifica le competenze trattate (2)', 'object', 5, {
    keyBE: 'ambito2', format: 'multiple-select', relatedFrom: '25', hidden: true,
    enumLevel2: COMPETENZE_LIVELLO_2.map((c) => ({ label: c.label, value: c.label, upperLevel: c.upperLevel })),
  }),
  checkbox('27', 'Specifica l’ambito dei servizi pubblici digitali trattati', AMBITO_SERVIZI_PUBBLICI, 6),
  field('28', 'Descrivi i dettagli del servizio (es.: argomento ed esigenza specifici)', 'string', 7, { keyBE: 'dettagli', maxLength: 600 }),
], { required: ['22', '23', '24', '25', '26', '27', '28'], locked: false })
