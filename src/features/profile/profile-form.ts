/**
 * Rules of the 'Il mio profilo' form (spec 000 §5; issue 13): Nome and Cognome 2–30 letters (name format),
 * Email 5–50 in e-mail format, Telefono 6–20 digits possible for the chosen prefix (src/lib/phone.ts),
 * prefix `+NN` (default +39). The fiscal code is shown, never edited. Pure: one Italian message per field
 * or null, and the body of `POST utente/profilo`.
 */
import type { AggiornaProfilo } from '../../api/contract/profilo'
import { DEFAULT_PREFIX, phoneDigits, phoneError } from '../../lib/phone'
import { checkField, type FieldRule } from '../../lib/validation'

export interface ProfileValues { nome: string; cognome: string; email: string; telefono: string; prefissoTelefono: string; paese: string | null }
export type ProfileField = 'nome' | 'cognome' | 'email' | 'telefono'
export type ProfileErrors = Record<ProfileField, string | null>
export const PROFILE_FIELDS: readonly ProfileField[] = ['nome', 'cognome', 'email', 'telefono']

const RULES: Record<Exclude<ProfileField, 'telefono'>, FieldRule> = {
  nome: { required: true, preset: 'nome', format: 'nameSurname' },
  cognome: { required: true, preset: 'cognome', format: 'nameSurname' },
  email: { required: true, preset: 'email', format: 'email' },
}

/** The form's starting values from the user context. */
export function initialProfileValues(user: { nome: string; cognome: string; email: string | null; telefono: string | null; prefissoTelefono?: string | null }): ProfileValues {
  return {
    nome: user.nome, cognome: user.cognome, email: user.email ?? '', telefono: user.telefono ?? '',
    prefissoTelefono: user.prefissoTelefono || DEFAULT_PREFIX, paese: null,
  }
}

export function validateProfile(values: ProfileValues): ProfileErrors {
  return {
    nome: checkField(RULES.nome, values.nome).message,
    cognome: checkField(RULES.cognome, values.cognome).message,
    email: checkField(RULES.email, values.email.trim()).message,
    telefono: phoneError(values.prefissoTelefono, values.telefono),
  }
}

export const isProfileValid = (e: ProfileErrors) => PROFILE_FIELDS.every((f) => e[f] === null)

/** The request body (trimmed; the number as digits only). */
export function profileBody(values: ProfileValues): AggiornaProfilo {
  return {
    nome: values.nome.trim(), cognome: values.cognome.trim(), email: values.email.trim(),
    telefono: phoneDigits(values.telefono), prefissoTelefono: values.prefissoTelefono,
  }
}

/** Which field a server message is about (for a 400 G02 / 409 U21 answer), else null (shown above the form). */
export function fieldOfServerError(errorCode: string | null, message: string): ProfileField | null {
  if (errorCode === 'U21') return 'email'
  const m = message.toLowerCase()
  if (m.includes('prefisso') || m.includes('telefono') || m.includes('numero')) return 'telefono'
  if (m.includes('email') || m.includes('e-mail')) return 'email'
  if (m.includes('cognome')) return 'cognome'
  if (m.includes('nome')) return 'nome'
  return null
}
