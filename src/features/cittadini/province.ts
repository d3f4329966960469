/**
 * Province names for 'Provincia di domicilio': the one loader of src/api/province.ts (names in the file's
 * order, [] while loading or on error).
 */
export { caricaProvince, resetProvinceForTests, useProvince } from '../../api/province'
