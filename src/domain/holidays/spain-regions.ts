/**
 * Spain's autonomous communities and cities by their official Spanish names, shown in every
 * language's picker (decision 074): a Valencian owner looks for "Comunitat Valenciana", not
 * "Valencian Community"; the library's own names mix languages ("Castile-La Mancha", "Murcia Region").
 * Keyed by the library's region codes.
 */
export const SPAIN_REGION_NAMES: Readonly<Record<string, string>> = {
  AN: 'Andalucía',
  AR: 'Aragón',
  AS: 'Principado de Asturias',
  CB: 'Cantabria',
  CE: 'Ceuta',
  CL: 'Castilla y León',
  CM: 'Castilla-La Mancha',
  CN: 'Canarias',
  CT: 'Cataluña',
  EX: 'Extremadura',
  GA: 'Galicia',
  IB: 'Illes Balears',
  MC: 'Región de Murcia',
  MD: 'Comunidad de Madrid',
  ML: 'Melilla',
  NC: 'Comunidad Foral de Navarra',
  PV: 'País Vasco',
  RI: 'La Rioja',
  VC: 'Comunitat Valenciana',
};
