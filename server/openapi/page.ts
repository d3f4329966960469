/**
 * The readable reference page of the API (`GET /api/docs`), server-rendered from the SAME OpenAPI
 * document as `/api/openapi.json`: operations grouped by tag, each with method + path, summary, access,
 * parameters, body fields and answers. Italian, plain semantic HTML (headings, tables with captions and
 * header cells, a table of contents), no script and no external resource, so it passes the app's CSP.
 */
import { refName, resolveSchema, type JsonObject } from './schemas'
import type { OpenApiDocument } from './document'

const esc = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A short Italian label of a schema's type: `Id`, `stringa`, `elenco di stringa`, `ATTIVO | NON ATTIVO`… */
export function typeLabel(schema: JsonObject | undefined): string {
  if (!schema) return 'qualsiasi'
  const ref = refName(schema.$ref)
  if (ref) return ref
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  if ('const' in schema) return JSON.stringify(schema.const)
  const union = (schema.anyOf ?? schema.oneOf) as JsonObject[] | undefined
  if (Array.isArray(union)) return union.map(typeLabel).join(' o ')
  const names: Record<string, string> = { string: 'stringa', integer: 'intero', number: 'numero', boolean: 'booleano', object: 'oggetto', null: 'null' }
  if (schema.type === 'array') return `elenco di ${typeLabel(schema.items as JsonObject | undefined)}`
  if (typeof schema.type === 'string') return (names[schema.type] ?? schema.type) + (typeof schema.format === 'string' ? ` (${schema.format})` : '')
  return 'qualsiasi'
}

/** The type label, linked to the schema's table when it is a named schema. */
function typeCell(schema: JsonObject | undefined): string {
  const ref = refName(schema?.$ref)
  return ref ? `<a href="#schema-${esc(ref)}">${esc(ref)}</a>` : esc(typeLabel(schema))
}

function slug(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
}

/**
 * A named schema links to its table in the 'Schemi' section; an inline one shows its fields here; an `allOf` (a
 * versioned body, issue 27: the contract's body plus `versione`) shows each part.
 */
function schemaFields(caption: string, schema: JsonObject, components: Record<string, JsonObject>): string {
  if (Array.isArray(schema.allOf)) return (schema.allOf as JsonObject[]).map((part) => schemaFields(caption, part, components)).join('')
  const ref = refName(schema.$ref)
  if (ref) return `<p>${esc(caption)}: <a href="#schema-${esc(ref)}">${esc(ref)}</a>.</p>`
  return fieldsTable(caption, schema, components)
}

function fieldsTable(caption: string, schema: JsonObject, components: Record<string, JsonObject>): string {
  const resolved = resolveSchema(schema, components)
  const properties = (resolved.properties ?? {}) as Record<string, JsonObject>
  const required = new Set((resolved.required ?? []) as string[])
  const names = Object.keys(properties)
  if (names.length === 0) return `<p>${esc(caption)}: <code>${esc(typeLabel(schema))}</code>.</p>`
  const rows = names.map((name) => `<tr><th scope="row"><code>${esc(name)}</code></th><td>${typeCell(properties[name])}</td><td>${required.has(name) ? 'sì' : 'no'}</td><td>${esc(properties[name]?.description ?? '')}</td></tr>`)
  return `<table><caption>${esc(caption)}</caption><thead><tr><th scope="col">Campo</th><th scope="col">Tipo</th><th scope="col">Obbligatorio</th><th scope="col">Descrizione</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function parametersTable(parameters: JsonObject[], components: JsonObject): string {
  if (parameters.length === 0) return ''
  const resolved = parameters.map((p) => {
    const ref = typeof p.$ref === 'string' ? p.$ref.split('/').pop() : undefined
    return ref ? ((components.parameters as Record<string, JsonObject>)[ref] ?? p) : p
  })
  const where: Record<string, string> = { path: 'percorso', query: 'query', header: 'intestazione' }
  const rows = resolved.map((p) => `<tr><th scope="row"><code>${esc(p.name)}</code></th><td>${esc(where[String(p.in)] ?? p.in)}</td><td>${typeCell(p.schema as JsonObject)}</td><td>${p.required ? 'sì' : 'no'}</td><td>${esc(p.description ?? '')}</td></tr>`)
  return `<table><caption>Parametri</caption><thead><tr><th scope="col">Nome</th><th scope="col">Dove</th><th scope="col">Tipo</th><th scope="col">Obbligatorio</th><th scope="col">Descrizione</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function answers(responses: Record<string, JsonObject>, components: JsonObject): string {
  const shared = components.responses as Record<string, JsonObject>
  const items = Object.entries(responses).map(([status, r]) => {
    const ref = typeof r.$ref === 'string' ? r.$ref.split('/').pop() : undefined
    const resolved = ref ? shared[ref] ?? r : r
    const media = Object.keys((resolved.content ?? {}) as JsonObject)
    // a shared error answer: its text without the code list, which the 'Errori' section gives once
    const text = ref ? String(resolved.description).split(' Codici del catalogo:')[0] : String(resolved.description)
    const label = ref ? `<a href="#${esc(ref)}">${esc(status)}</a>` : esc(status)
    const schema = ref ? undefined : Object.values((resolved.content ?? {}) as Record<string, JsonObject>)[0]?.schema as JsonObject | undefined
    const shape = schema ? ` Schema: ${typeCell(schema)}.` : ''
    return `<li><strong>${label}</strong>${media.length > 0 && !ref ? ` (<code>${esc(media.join(', '))}</code>)` : ''}: ${esc(text)}${shape}</li>`
  })
  return `<h4>Risposte</h4><ul>${items.join('')}</ul>`
}

function operationSection(method: string, path: string, op: JsonObject, doc: OpenApiDocument): string {
  const components = doc.components as JsonObject
  const schemas = components.schemas as Record<string, JsonObject>
  const id = esc(op.operationId)
  const description = String(op.description ?? '').split('\n\n').map((p) => `<p>${esc(p)}</p>`).join('')
  const body = op.requestBody as JsonObject | undefined
  let bodyHtml = ''
  if (body) {
    const [[mediaType, media]] = Object.entries(body.content as Record<string, JsonObject>) as [[string, JsonObject]]
    bodyHtml = `<h4>Corpo della richiesta (<code>${esc(mediaType)}</code>)</h4>`
      + (typeof body.description === 'string' ? `<p>${esc(body.description)}</p>` : '')
      + (media.schema ? schemaFields('Campi del corpo', media.schema as JsonObject, schemas) : '')
  }
  return `<section class="op" id="${id}" aria-labelledby="${id}-h"><h3 id="${id}-h"><span class="method">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>`
    + `<p class="summary">${esc(op.summary)}</p>${description}`
    + parametersTable((op.parameters ?? []) as JsonObject[], components)
    + bodyHtml + answers(op.responses as Record<string, JsonObject>, components) + '</section>'
}

/** The whole HTML page (a string; `lang="it"`). */
export function renderReferencePage(doc: OpenApiDocument): string {
  const info = doc.info as { title: string; version: string; description: string }
  const byTag = new Map<string, string[]>()
  const toc = new Map<string, string[]>()
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = ((op.tags as string[] | undefined)?.[0]) ?? 'Altro'
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(method, path, op, doc)])
      toc.set(tag, [...(toc.get(tag) ?? []), `<li><a href="#${esc(op.operationId)}">${esc(method.toUpperCase())} ${esc(path)}</a> — ${esc(op.summary)}</li>`])
    }
  }
  const tags = [...byTag.keys()].sort((a, b) => a.localeCompare(b, 'it'))
  const schemas = (doc.components as { schemas: Record<string, JsonObject> }).schemas
  const schemaSections = Object.entries(schemas).map(([name, schema]) => `<section class="op" id="schema-${esc(name)}" aria-labelledby="schema-${esc(name)}-h"><h3 id="schema-${esc(name)}-h">${esc(name)}</h3>`
    + (typeof schema.description === 'string' ? `<p>${esc(schema.description)}</p>` : '') + fieldsTable(`Campi di ${name}`, schema, schemas) + '</section>').join('')
  const errors = Object.entries((doc.components as { responses: Record<string, JsonObject> }).responses)
    .map(([name, r]) => `<li id="${esc(name)}"><strong>${esc(name.replace(/^Errore/, ''))}</strong>: ${esc(r.description)}</li>`).join('')
  const nav = tags.map((t) => `<li><a href="#tag-${slug(t)}">${esc(t)}</a><ul>${(toc.get(t) ?? []).join('')}</ul></li>`).join('')
  const sections = tags.map((t) => `<section aria-labelledby="tag-${slug(t)}"><h2 id="tag-${slug(t)}">${esc(t)}</h2>${(byTag.get(t) ?? []).join('')}</section>`).join('')
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${esc(info.title)} — riferimento dell’API</title>
<style>
body{font-family:system-ui,sans-serif;color:#1a1a1a;background:#fff;line-height:1.5;margin:0 auto;max-width:72rem;padding:1rem}
a{color:#0047b3}a:focus{outline:3px solid #1a1a1a;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
table{border-collapse:collapse;margin:.5rem 0;width:100%}caption{text-align:left;font-weight:600}
th,td{border:1px solid #595959;padding:.25rem .5rem;text-align:left;vertical-align:top}
.op{border-top:1px solid #595959;padding-top:.5rem;margin-top:1rem}.method{background:#1a1a1a;color:#fff;padding:0 .4rem;border-radius:.2rem}
code{font-family:ui-monospace,monospace}
</style></head>
<body><a class="skip" href="#contenuto">Vai al contenuto</a>
<header><h1>${esc(info.title)}</h1><p>Versione ${esc(info.version)}. ${esc(info.description)}</p>
<p>Documento OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a>.</p></header>
<nav aria-label="Indice delle operazioni"><h2>Indice</h2><ul>${nav}<li><a href="#errori">Errori</a></li><li><a href="#schemi">Schemi</a></li></ul></nav>
<main id="contenuto">${sections}<section aria-labelledby="errori"><h2 id="errori">Errori</h2><p>Ogni chiamata non riuscita risponde <code>{errorCode, message}</code> (schema <a href="#schema-Errore">Errore</a>).</p><ul>${errors}</ul></section><section aria-labelledby="schemi"><h2 id="schemi">Schemi</h2>${schemaSections}</section></main>
</body></html>`
}
