/**
 * Citizens feature (spec 002 §2 'Aggiungi cittadino al servizio'): the modal the service detail mounts
 * for facilitators and volunteers, props `{ idServizioLocale, isOpen, onClose }`.
 */
export { AggiungiCittadinoModal, type AggiungiCittadinoModalProps } from './AggiungiCittadinoModal'
