/**
 * Usage counts (issue 13, spec 000 §7 analytics): the 'Utilizzo' panel the data area's report page shows
 * (self-contained: its own query, filters and CSV; renders nothing without `view.utilizzo`).
 */
export { UtilizzoPanel } from './UtilizzoPanel'
