/**
 * The operator's secrets commands (README "Dove stanno i segreti"; server/secrets-admin.ts):
 *
 *   npm run secrets -- generate FILE   a new secrets file (mode 600) outside DATA_DIR
 *   npm run secrets -- export FILE     copies the secrets an existing installation keeps in its data (DATA_DIR,
 *                                      or `segreto_server` with DATABASE_URL) into FILE; PGlite: server stopped
 *   npm run rekey                      re-keys the citizens' hashes (every server stopped): a new key
 *                                      (NEW_CITIZEN_HASH_KEY, or generated) appended to the chain
 *
 * Reads the server's environment (DATA_DIR, DATABASE_URL, SECRETS_FILE, CITIZEN_HASH_SECRET…). Exit 0 when done,
 * 1 with a message on standard error otherwise.
 */
import { resolve } from 'node:path'
import { ConfigError, loadConfig } from '../server/config'
import type { DatabaseHandle } from '../server/db/index'
import { openSeededDatabase } from '../server/seed/index'
import { SecretsError } from '../server/secret-sources'
import { assertRekeyable, currentSecrets, newSecrets, rekey, writeSecretsFile } from '../server/secrets-admin'

const env = process.env
const dataDir = resolve(env.DATA_DIR?.trim() || './data')

async function withDatabase<T>(run: (db: DatabaseHandle | undefined) => Promise<T>, needed: boolean): Promise<T> {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined
  if (!needed && !databaseUrl) return run(undefined)
  const handle = await openSeededDatabase({ dataDir, databaseUrl })
  try {
    return await run(handle)
  } finally {
    await handle.close()
  }
}

async function main(args: string[]): Promise<void> {
  const [command, target] = args
  if (command === 'generate' && target) {
    const file = writeSecretsFile(target, await newSecrets(), { dataDir })
    console.log(`secrets: new secrets written to ${file} (mode 600). Start the server with SECRETS_FILE=${file}.`)
    return
  }
  if (command === 'export' && target) {
    const content = await withDatabase((db) => currentSecrets(env, dataDir, db?.db), false)
    if (!content.citizenHashSecret) throw new SecretsError('no citizens\' key found in the environment or in the data: nothing to export (a new installation: use generate)')
    const file = writeSecretsFile(target, content, { dataDir })
    console.log(`secrets: ${Object.keys(content).join(', ')} exported to ${file} (mode 600). Start every server with SECRETS_FILE=${file}: `
      + 'at its start the copies left in the data are deleted. Keep the file in your secret store, apart from the backups of the data.')
    return
  }
  if (command === 'rekey' && !target) {
    const config = loadConfig(env)
    assertRekeyable(config) // before the database is opened
    const result = await withDatabase((db) => rekey(config, db!.db, { secretsFile: env.SECRETS_FILE?.trim(), newKey: env.NEW_CITIZEN_HASH_KEY?.trim() }), true)
    console.log(`rekey: ${result.rekeyed} citizens re-keyed.`)
    if (result.file) console.log(`rekey: the new key is appended to citizenHashRekeys in ${result.file}. Start the servers again.`)
    else {
      const shown = env.NEW_CITIZEN_HASH_KEY?.trim() ? 'NEW_CITIZEN_HASH_KEY' : result.newKey
      console.log(`rekey: append ${shown} to CITIZEN_HASH_REKEYS (comma-separated, in this order) on every server BEFORE starting them again.`)
    }
    return
  }
  throw new SecretsError('usage: npm run secrets -- generate FILE | npm run secrets -- export FILE | npm run rekey')
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const known = err instanceof SecretsError || err instanceof ConfigError
  console.error(known ? `secrets: ${(err as Error).message}` : err)
  process.exit(1)
})
