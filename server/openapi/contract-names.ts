/**
 * Names of the wire schemas: every valibot schema exported by src/api/contract/*.ts, by its export name
 * without the `Schema` suffix (`ServizioBodySchema` → `ServizioBody`). The OpenAPI document puts the
 * ones it uses under `components/schemas` and refers to them by that name.
 */
import type { GenericSchema } from 'valibot'
import * as Amministrazione from '../../src/api/contract/amministrazione'
import * as Assistenza from '../../src/api/contract/assistenza'
import * as Campo from '../../src/api/contract/campo'
import * as Caricamenti from '../../src/api/contract/caricamenti'
import * as Cittadino from '../../src/api/contract/cittadino'
import * as Common from '../../src/api/contract/common'
import * as Community from '../../src/api/contract/community'
import * as Contesto from '../../src/api/contract/contesto'
import * as Dati from '../../src/api/contract/dati'
import * as Enums from '../../src/api/contract/enums'
import * as Gestione from '../../src/api/contract/gestione'
import * as Minorenni from '../../src/api/contract/minorenni'
import * as Notifiche from '../../src/api/contract/notifiche'
import * as OpenData from '../../src/api/contract/open-data'
import * as Profilo from '../../src/api/contract/profilo'
import * as ProgrammaSedi from '../../src/api/contract/programma-sedi'
import * as QuestionarioTemplate from '../../src/api/contract/questionario-template'
import * as Questionario from '../../src/api/contract/questionario'
import * as RegistroCittadini from '../../src/api/contract/registro-cittadini'
import * as Ruoli from '../../src/api/contract/ruoli'
import * as Servizio from '../../src/api/contract/servizio'

const MODULES: Record<string, unknown>[] = [
  Amministrazione,
  Assistenza,
  Campo,
  Caricamenti,
  Cittadino,
  Common,
  Community,
  Contesto,
  Dati,
  Enums,
  Gestione,
  Minorenni,
  Notifiche,
  OpenData,
  Profilo,
  ProgrammaSedi,
  QuestionarioTemplate,
  Questionario,
  RegistroCittadini,
  Ruoli,
  Servizio,
]

function isSchema(value: unknown): value is GenericSchema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema'
}

let names: Map<GenericSchema, string> | undefined

/**
 * The name of each exported contract schema (built once). Two modules exporting different schemas under
 * one name: the later one gets a numeric suffix; a schema re-exported under another name keeps its first.
 */
export function contractSchemaNames(): ReadonlyMap<GenericSchema, string> {
  if (names) return names
  const built = new Map<GenericSchema, string>()
  const taken = new Set<string>()
  for (const mod of MODULES) {
    for (const [exportName, value] of Object.entries(mod)) {
      if (!isSchema(value) || built.has(value)) continue
      const base = exportName.replace(/Schema$/, '') || exportName
      let name = base
      for (let i = 2; taken.has(name); i++) name = `${base}${i}`
      taken.add(name)
      built.set(value, name)
    }
  }
  names = built
  return built
}
