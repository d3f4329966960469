/**
 * Login pages (spec 000 §4: login, callback, registration, errors): what other features use of it. The
 * sync centre's 'session expired' alert offers the same 'Entra con SPID' / 'Entra con CIE' buttons as the
 * login page (`IdentityButtons`, props `{ onStart, busy }`). The pages are rendered by the route files.
 */
export { IdentityButtons, type IdentityButtonsProps } from './IdentityButtons'
