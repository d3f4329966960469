/**
 * Q2 `anagraphic-booking-section`: questions 20–21 (platform-frontend §3.3). Locked section.
 * The server pre-fills both when a citizen is added to a service (platform-backend §5.3): 21 with the
 * service types of the citizen's previous service, so its options are the service types.
 */
import { PRIMA_VOLTA, SEZIONI_QUESTIONARIO, TIPOLOGIA_SERVIZIO } from '../../../src/api/contract/enums'
import { checkbox, section, select } from './builders'

export const Q2_SECTION = section(SEZIONI_QUESTIONARIO.Q2.id, SEZIONI_QUESTIONARIO.Q2.titolo, [
  select('20', 'È la prima volta che fai uso di un servizio di facilitazione/ formazione?', PRIMA_VOLTA, 1),
  checkbox('21', 'Se non è la prima volta, di quale servizio ti sei già avvalso in passato?', TIPOLOGIA_SERVIZIO, 2),
], { required: ['20'], locked: true })
