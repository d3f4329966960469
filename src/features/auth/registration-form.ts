/**
 * Registration form rules (spec 000 §5; platform-frontend §10.2 first access): Nome and Cognome 2–30
 * letters (name format), Email 5–50 in e-mail format, Codice fiscale 16 characters (read-only, from the
 * token), Telefono 6–20 digits possible for the chosen prefix (default +39; src/lib/phone.ts, issue 13),
 * privacy consent required. Pure: one Italian message per field or null.
 */
import { DEFAULT_PREFIX, phoneError } from '../../lib/phone'
import { checkField, matchesFormat, FORMAT_MESSAGES, MSG_REQUIRED, type FieldRule } from '../../lib/validation'

export interface RegistrationValues {
  nome: string
  cognome: string
  email: string
  codiceFiscale: string
  telefono: string
  consenso: boolean
  /** international prefix of `telefono` ('+39' by default; not a field with its own message) */
  prefissoTelefono?: string
}

export type RegistrationField = Exclude<keyof RegistrationValues, 'prefissoTelefono'>
export type RegistrationErrors = Record<RegistrationField, string | null>

export const REGISTRATION_FIELDS: readonly RegistrationField[] = ['nome', 'cognome', 'email', 'codiceFiscale', 'telefono', 'consenso']

const RULES: Record<Exclude<RegistrationField, 'consenso'>, FieldRule> = {
  nome: { required: true, preset: 'nome', format: 'nameSurname' },
  cognome: { required: true, preset: 'cognome', format: 'nameSurname' },
  email: { required: true, preset: 'email', format: 'email' },
  codiceFiscale: { required: true, preset: 'codiceFiscale', format: 'fiscalCodeShape' },
  telefono: { required: true, preset: 'telefono', format: 'telephone' },
}

/** Messages of every field (null = valid). */
export function validateRegistration(values: RegistrationValues): RegistrationErrors {
  const out = {} as RegistrationErrors
  for (const field of Object.keys(RULES) as (keyof typeof RULES)[]) {
    const value = field === 'codiceFiscale' ? values[field].trim().toUpperCase() : values[field]
    out[field] = checkField(RULES[field], value).message
  }
  if (!out.telefono && !matchesFormat('telephone', values.telefono.trim())) out.telefono = FORMAT_MESSAGES.telephone
  if (!out.telefono) out.telefono = phoneError(values.prefissoTelefono ?? DEFAULT_PREFIX, values.telefono)
  out.consenso = values.consenso ? null : `${MSG_REQUIRED}: devi acconsentire al trattamento dei dati personali`
  return out
}

export function isRegistrationValid(errors: RegistrationErrors): boolean {
  return REGISTRATION_FIELDS.every((f) => errors[f] === null)
}
