/**
 * Moved to server/domain/field-labels.ts (issue 26 point 8: the domain never imports a route file); this
 * re-export stays only until routes/servizio.ts imports it from there.
 */
export { FIELD_WORK_LABELS } from '../domain/field-labels'
