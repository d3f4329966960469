/** Re-exports of the target rules for the form widgets, with the fieldset's hint. */
export { FAMIGLIE_OBIETTIVI, MAX_PASSI, type FormErrors, type ObiettiviForm } from '../../../lib/gestione-form'
export const HINT = 'Facoltativi. Per ogni obiettivo indica il valore da raggiungere e la data entro cui raggiungerlo (al massimo 5 per voce, date in ordine crescente).'
