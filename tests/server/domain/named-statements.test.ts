/**
 * server/db/named-statements.ts: write statements get stable names (prepared once per connection on
 * PostgreSQL), reads and oversized texts do not, and the number of names is bounded.
 */
import { describe, expect, it } from 'vitest'
import { MAX_NAMED, MAX_TEXT, nameWriteStatements, statementName } from '../../../server/db/named-statements'

describe('statementName', () => {
  it('names inserts, updates and deletes, the same text always with the same name', () => {
    const insert = 'insert into "servizio" ("nome") values ($1) returning "id"'
    const a = statementName(insert)
    expect(a).toMatch(/^pd_w\d+$/)
    expect(statementName(insert)).toBe(a)
    expect(statementName('  UPDATE "servizio" set "stato" = $1 where "id" = $2')).toMatch(/^pd_w\d+$/)
    expect(statementName('delete from "idempotency_record" where "id" = $1')).toMatch(/^pd_w\d+$/)
    expect(new Set([a, statementName('update "x" set "y" = $1'), statementName('delete from "x"')]).size).toBe(3)
  })

  it('leaves reads, other statements and oversized texts unnamed', () => {
    expect(statementName('select "gen" from "principal_generation"')).toBeUndefined()
    expect(statementName('with x as (insert into t values (1)) select 1')).toBeUndefined()
    expect(statementName('begin')).toBeUndefined()
    expect(statementName(`insert into "t" values ${'($1),'.repeat(MAX_TEXT / 5)}($1)`)).toBeUndefined()
  })

  it('stops naming new texts after MAX_NAMED of them, and keeps the names already given', () => {
    const first = statementName('insert into "bound" values ($1)')
    for (let i = 0; i < MAX_NAMED + 10; i++) statementName(`insert into "t${i}" values ($1)`)
    expect(statementName(`insert into "never_seen" values ($1)`)).toBeUndefined()
    expect(statementName('insert into "bound" values ($1)')).toBe(first)
  })
})

describe('nameWriteStatements', () => {
  it('adds the name to a write query config and passes everything else through unchanged', async () => {
    const seen: unknown[][] = []
    const client = { query: (...args: unknown[]) => { seen.push(args); return Promise.resolve({ rows: [] }) } }
    nameWriteStatements(client as never)
    await client.query({ text: 'insert into "bound" values ($1)', rowMode: 'array' }, [1])
    await client.query({ text: 'select 1' })
    await client.query('update "t" set "a" = 1')
    await client.query({ text: 'insert into "bound" values ($1)', name: 'own' }, [2])
    expect(seen[0]).toEqual([{ text: 'insert into "bound" values ($1)', rowMode: 'array', name: statementName('insert into "bound" values ($1)') }, [1]])
    expect(seen[1]).toEqual([{ text: 'select 1' }])
    expect(seen[2]).toEqual(['update "t" set "a" = 1'])
    expect(seen[3]).toEqual([{ text: 'insert into "bound" values ($1)', name: 'own' }, [2]])
  })
})
