/**
 * Citizens feature (spec 002 §2 'Aggiungi cittadino al servizio'): what other features use of it.
 * - `AggiungiCittadinoModal`: the modal the service detail mounts (lazily) for facilitators and volunteers,
 *   props `{ idServizioLocale, isOpen, onClose }`;
 * - for the citizens registry's edit page: `useProvince()` (province names of 'Provincia di domicilio', []
 *   while loading) and `minorenniAbilitati(config)` (minors may be registered from `dataDecorrenza` on).
 */
export { AggiungiCittadinoModal, type AggiungiCittadinoModalProps } from './AggiungiCittadinoModal'
export { minorenniAbilitati } from './aggiungi-cittadino'
export { useProvince } from './province'
