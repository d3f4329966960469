/**
 * What a profile sees: the one home of the data scope per role (issue 26 point 1; platform-backend §4.4;
 * ARCHITECTURE.md "One rule, one place"). The role groups and a role's level are named once in
 * src/lib/ruoli.ts (`livelloRuolo`, `RUOLI_*`); here they meet the chosen profile's ids:
 * - `scopeOf(caller)`: the scope kind (`all`, `scd`, `programma`, `progetto`, `partner`, `campo`, `none`)
 *   with the ids it needs — programmes, projects, bodies and users of the administrative lists, the
 *   per-id checks (amministrazione/accesso.ts), the mass-upload contexts and monitoring, the minors and
 *   survey-template lists, the data area (dati/scope.ts);
 * - `serviceScope`, `serviceVisible`, `citizensInScope`: the services and citizens (services list and CSV,
 *   citizens registry and CSV, service and citizen cards, surveys, mass upload); `ownServices`, the field
 *   profile's own services, is also what the field bootstrap and sync read (server/domain/campo.ts);
 * - `programmaScope`, `progettoScope`: the programmes and projects seen; `programmiAmministrati`: those
 *   administered at programme level (minors, template links); `programmeForConfig`: a programme's survey
 *   template read for services.
 * A new endpoint that reads programme data asks here; a role-code array or a role switch elsewhere is a
 * second copy of this rule.
 */
export { inGruppo, livelloRuolo, type LivelloRuolo } from '../../../src/lib/ruoli'
export { bodyBound, projectBound, scopeOf, type Scope, type ScopeKind } from './scope'
export { citizensInScope, ownServices, serviceScope, serviceVisible } from './servizi'
export { programmaScope, programmeConfigVisible, programmeForConfig, programmiAmministrati, progettoScope } from './programmi'
