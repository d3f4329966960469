/**
 * Test fixtures of the shell tests: permission sets of each role taken from the real seed matrix
 * (so the menu is tested against what the server grants) and wire-shaped profiles and contexts.
 */
import type { Contesto, Profilo } from '../../src/api/contract/contesto'
import { GROUPS, ROLE_GROUPS } from '../../server/seed/permissions-matrix'
import type { RoleCode } from '../../src/api/contract/common'

export function permsOf(role: RoleCode): string[] {
  const codes = new Set<string>()
  for (const g of ROLE_GROUPS[role]) for (const p of GROUPS[g].permessi) codes.add(p)
  return [...codes]
}

const PROJECT_LEVEL = ['REGP', 'DEGP', 'REPP', 'DEPP', 'FAC', 'VOL']
const PROGRAMME_LEVEL = ['REG', 'DEG']

export function profile(codiceRuolo: RoleCode, overrides: Partial<Profilo> = {}): Profilo {
  const scopedProgramme = PROGRAMME_LEVEL.includes(codiceRuolo) || PROJECT_LEVEL.includes(codiceRuolo)
  const scopedProject = PROJECT_LEVEL.includes(codiceRuolo)
  return {
    codiceRuolo,
    descrizioneRuolo: codiceRuolo === 'FAC' ? 'FACILITATORE' : `Ruolo ${codiceRuolo}`,
    descrizioneRuoloCompleta: codiceRuolo === 'FAC' ? 'Facilitatore' : `Ruolo completo ${codiceRuolo}`,
    idProgramma: scopedProgramme ? 7 : null,
    nomeProgramma: scopedProgramme ? 'Lazio Digitale 2024' : null,
    idProgetto: scopedProject ? 42 : null,
    nomeProgettoBreve: scopedProject ? 'Lazio Digitale Roma' : null,
    idEnte: scopedProgramme ? 3 : null,
    nomeEnte: scopedProgramme ? 'Comune di Roma' : null,
    descrizioneEstesaEnte: null,
    policy: scopedProgramme ? 'RFD' : null,
    ...overrides,
  }
}

export function contesto(profiles: Profilo[], overrides: Partial<Contesto> = {}): Contesto {
  const roles = [...new Set(profiles.map((p) => p.codiceRuolo))] as RoleCode[]
  return {
    id: 1,
    nome: 'Sara',
    cognome: 'Romano',
    codiceFiscale: 'RMNSRA92E51A944H',
    email: 'sara.romano@example.it',
    telefono: '3335550101',
    stato: 'ATTIVO',
    integrazione: true,
    immagineProfilo: null,
    ruoli: roles.map((r) => ({ codiceRuolo: r, nomeRuolo: r, permessi: permsOf(r) })),
    profiliUtente: profiles,
    ...overrides,
  }
}
