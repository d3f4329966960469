/**
 * What a role card shows for a profile (spec 000 §3 "Role card" display rules):
 * FAC and VOL omit the body name; programme-level roles (REG, DEG) show the programme; other scoped
 * roles show the short project name; DSCU, DTD, MOD, 'Profilo UDM' and the community manager show
 * neither programme nor project (nor a body).
 */
import { RUOLI_CAMPO, RUOLI_GLOBALI, RUOLI_PROGRAMMA } from '../../lib/ruoli'

export interface RoleCardProfile {
  codiceRuolo: string
  descrizioneRuolo: string
  descrizioneRuoloCompleta?: string | null
  nomeProgramma: string | null
  nomeProgettoBreve: string | null
  nomeEnte: string | null
  policy?: 'RFD' | 'SCD' | null
}

export interface RoleCardLines {
  title: string
  programma?: string
  progetto?: string
  ente?: string
}

const UNSCOPED: readonly string[] = [...RUOLI_GLOBALI, 'Profilo UDM', 'UDM', 'CM']
const PROGRAMME_LEVEL: readonly string[] = RUOLI_PROGRAMMA
const NO_BODY: readonly string[] = RUOLI_CAMPO

export function roleCardLines(p: RoleCardProfile): RoleCardLines {
  const title = p.descrizioneRuoloCompleta?.trim() || p.descrizioneRuolo
  if (UNSCOPED.includes(p.codiceRuolo)) return { title }
  const out: RoleCardLines = { title }
  if (PROGRAMME_LEVEL.includes(p.codiceRuolo)) {
    if (p.nomeProgramma) out.programma = p.nomeProgramma
  } else if (p.nomeProgettoBreve) {
    out.progetto = p.nomeProgettoBreve
  } else if (p.nomeProgramma) {
    out.programma = p.nomeProgramma
  }
  if (!NO_BODY.includes(p.codiceRuolo) && p.nomeEnte) out.ente = p.nomeEnte
  return out
}

/** Stable key of a profile (role + programme + project + body). */
export function profileKey(p: { codiceRuolo: string; idProgramma: number | null; idProgetto: number | null; idEnte: number | null }): string {
  return [p.codiceRuolo, p.idProgramma ?? '-', p.idProgetto ?? '-', p.idEnte ?? '-'].join('|')
}
