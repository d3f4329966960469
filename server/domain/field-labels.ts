/** Italian names of the field-work body fields, for the 400 G02 messages (server/domain/validation.ts). */
export const FIELD_WORK_LABELS: Record<string, string> = {
  idLocale: 'identificativo locale', nomeServizio: 'nome del servizio', idEnteServizio: 'ente', idSedeServizio: 'sede',
  data: 'data', durataServizio: 'durata', tipoDiServizioPrenotato: 'tipo di servizio prenotato',
  sezioneQuestionarioCompilatoQ3: 'informazioni sul servizio', filtroRequest: 'filtri', criterioRicerca: 'criterio di ricerca',
  currPage: 'pagina', pageSize: 'elementi per pagina', tipoDocumento: 'tipo documento', numeroDocumento: 'numero documento',
  genere: 'genere', fasciaDiEtaId: 'fascia di età', titoloDiStudio: 'titolo di studio', occupazione: 'stato occupazionale',
  provinciaDiDomicilio: 'provincia di domicilio', cittadinanza: 'cittadinanza', nuovoCittadino: 'nuovo cittadino',
  idCittadino: 'cittadino', idServizio: 'servizio', sezioneQ4Questionario: 'informazioni sull’esperienza',
  consensoTrattamentoDati: 'consenso al trattamento dei dati',
}
