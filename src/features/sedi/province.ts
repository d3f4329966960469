/**
 * Provinces for the site form: the one loader of src/api/province.ts (sigla and name sorted by name, []
 * while loading or on error).
 */
export { caricaProvinceSigle, useProvinceSigle, type Provincia } from '../../api/province'
