/**
 * Q4 `content-service-section`: the citizen's experience, questions 29–33 and the 1–5 rating
 * `1663320201383` (platform-frontend §3.3). Also the section of the anonymous online survey.
 */
import {
  CONOSCENZA_SERVIZIO, ID_DOMANDA_VALUTAZIONE, MOTIVO_PRENOTAZIONE, RIPETERE_ESPERIENZA, RISOLVERE_PROBLEMI_DIGITALI,
  SEZIONI_QUESTIONARIO,
} from '../../../src/api/contract/enums'
import { checkbox, field, section } from './builders'

export const Q4_SECTION = section(SEZIONI_QUESTIONARIO.Q4.id, SEZIONI_QUESTIONARIO.Q4.titolo, [
  checkbox('29', 'Come sei venuto a conoscenza del servizio che hai prenotato?', CONOSCENZA_SERVIZIO, 1),
  checkbox('30', 'Quale motivo ti ha spinto a prenotare?', MOTIVO_PRENOTAZIONE, 2),
  checkbox('31', 'Hai intenzione di ripetere l’esperienza?', RIPETERE_ESPERIENZA, 3),
  field('32', 'In quale ambito di facilitazione/ formazione sei interessato?', 'string', 4, { maxLength: 600 }),
  checkbox('33', 'Cosa ti è più utile per risolvere i problemi legati al digitale?', RISOLVERE_PROBLEMI_DIGITALI, 5),
  field(ID_DOMANDA_VALUTAZIONE, 'Quanto sei soddisfatto del servizio ricevuto?', 'range', 6, { minimum: 1, maximum: 5 }),
], { required: ['29', '30', '31', '32', '33', ID_DOMANDA_VALUTAZIONE], locked: false })
