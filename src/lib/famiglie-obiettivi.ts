/**
 * Target families of platform-backend §1.1, in display order, with their Italian labels. A module of its own:
 * the programme and project tabs (src/features/programmi/tabs.ts) read them in the route tree every visitor
 * loads, which must not carry the form rules of src/lib/gestione-form.ts (issue 24 point 27: landing JS).
 */
export const FAMIGLIE_OBIETTIVI = [
  { key: 'puntiFacilitazione', label: 'Punti di facilitazione' },
  { key: 'utentiUnici', label: 'Utenti unici' },
  { key: 'servizi', label: 'Servizi' },
  { key: 'facilitatori', label: 'Facilitatori' },
] as const
export type Famiglia = (typeof FAMIGLIE_OBIETTIVI)[number]['key']
