-- Hand-written (issue 11 point 1): the aggregates of 'Report dati', computed in the database.
-- `dati_fatti` (a plain view) counts at the finest grain (project, body, facilitator, month, dimension, value);
-- three materialised views keep it summed by project, by programme and by policy, refreshed CONCURRENTLY by a
-- background job (server/domain/dati/refresh.ts) so that writes are never blocked. Facilitators and volunteers
-- read `dati_fatti` itself, narrowed to their own services (an index walk on servizio.id_facilitatore).
-- Dimensions (`dimensione` → `valore`):
--   servizi, partecipazioni, questionari → the week (Monday, 'YYYY-MM-DD') of the service date; n services,
--     citizen–service pairs, compiled surveys (stato COMPILATA);
--   tipologia → each type of the service; regione, provincia → of the service's site (services);
--   fascia, genere, titolo, occupazione → of the citizens, one per citizen–service pair;
--   voto → the Q4 star rating (question 1663320201383, 1–5) of compiled surveys.
-- `mese` is the month (first day) of the service date: the period filter works by month.
CREATE VIEW "dati_fatti" AS
SELECT g.policy, pr.id_programma, f.id_progetto, f.id_ente, f.id_facilitatore, f.mese, f.dimensione, f.valore, f.n
FROM (
  SELECT s.id_progetto, s.id_ente, s.id_facilitatore, date_trunc('month', s.data_servizio)::date AS mese, v.dimensione, v.valore, count(*)::bigint AS n
  FROM servizio s
  LEFT JOIN sede d ON d.id = s.id_sede
  CROSS JOIN LATERAL (
    SELECT 'servizi'::text AS dimensione, to_char(date_trunc('week', s.data_servizio), 'YYYY-MM-DD') AS valore
    UNION ALL SELECT 'regione', coalesce(nullif(btrim(d.regione), ''), 'Non indicato')
    UNION ALL SELECT 'provincia', coalesce(nullif(btrim(d.provincia), ''), 'Non indicato')
    UNION ALL SELECT 'tipologia', btrim(t) FROM string_to_table(s.tipologia_servizio, ', ') t WHERE btrim(t) <> ''
  ) v
  GROUP BY 1, 2, 3, 4, 5, 6
  UNION ALL
  SELECT s.id_progetto, s.id_ente, s.id_facilitatore, date_trunc('month', s.data_servizio)::date, v.dimensione, v.valore, count(*)::bigint
  FROM servizio_x_cittadino x
  JOIN servizio s ON s.id = x.id_servizio
  LEFT JOIN cittadino c ON c.id = x.id_cittadino
  LEFT JOIN fascia_di_eta fe ON fe.id = c.fascia_di_eta_id
  CROSS JOIN LATERAL (VALUES
    ('partecipazioni'::text, to_char(date_trunc('week', s.data_servizio), 'YYYY-MM-DD')),
    ('fascia', coalesce(fe.fascia, 'Non indicato')),
    ('genere', coalesce(nullif(btrim(c.genere), ''), 'Non indicato')),
    ('titolo', coalesce(nullif(btrim(c.titolo_di_studio), ''), 'Non indicato')),
    ('occupazione', coalesce(nullif(btrim(c.occupazione), ''), 'Non indicato'))
  ) v(dimensione, valore)
  GROUP BY 1, 2, 3, 4, 5, 6
  UNION ALL
  SELECT s.id_progetto, s.id_ente, s.id_facilitatore, date_trunc('month', s.data_servizio)::date, v.dimensione, v.valore, count(*)::bigint
  FROM questionario_compilato q
  JOIN servizio s ON s.id = q.id_servizio
  CROSS JOIN LATERAL (
    SELECT 'questionari'::text AS dimensione, to_char(date_trunc('week', s.data_servizio), 'YYYY-MM-DD') AS valore
    UNION ALL SELECT 'voto', r #>> '{}'
      FROM jsonb_path_query(q.sezioni, '$[*] ? (@.id == "content-service-section").properties[*]."1663320201383"[0]') r
      WHERE r #>> '{}' IN ('1', '2', '3', '4', '5')
  ) v
  WHERE q.stato = 'COMPILATA'
  GROUP BY 1, 2, 3, 4, 5, 6
) f
JOIN progetto pr ON pr.id = f.id_progetto
JOIN programma g ON g.id = pr.id_programma;--> statement-breakpoint
CREATE MATERIALIZED VIEW "dati_progetto_mv" AS
  SELECT policy, id_programma, id_progetto, mese, dimensione, valore, sum(n)::bigint AS n
  FROM dati_fatti GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
CREATE UNIQUE INDEX "dati_progetto_mv_uq" ON "dati_progetto_mv" ("id_progetto", "mese", "dimensione", "valore");--> statement-breakpoint
CREATE MATERIALIZED VIEW "dati_programma_mv" AS
  SELECT policy, id_programma, mese, dimensione, valore, sum(n)::bigint AS n
  FROM dati_progetto_mv GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE UNIQUE INDEX "dati_programma_mv_uq" ON "dati_programma_mv" ("id_programma", "mese", "dimensione", "valore");--> statement-breakpoint
CREATE MATERIALIZED VIEW "dati_policy_mv" AS
  SELECT policy, mese, dimensione, valore, sum(n)::bigint AS n
  FROM dati_programma_mv GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE UNIQUE INDEX "dati_policy_mv_uq" ON "dati_policy_mv" ("policy", "mese", "dimensione", "valore");--> statement-breakpoint
-- when the materialised views were last refreshed (one row)
CREATE TABLE "dati_aggiornamento" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "aggiornato_il" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
-- the views above hold the data as of now; on an empty database (the seed comes next) the epoch instead, so that
-- the first server start refreshes at once
INSERT INTO "dati_aggiornamento" ("id", "aggiornato_il")
  SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM servizio) THEN now() ELSE timestamptz '1970-01-01T00:00:00Z' END;
--> statement-breakpoint
-- facilitators and volunteers see 'Report dati' of their own services (seeded databases; a fresh one gets it
-- from server/seed/permissions-matrix.ts)
INSERT INTO "ruolo_x_gruppo" ("codice_ruolo", "codice_gruppo")
  SELECT r.codice, 'VIS.DSHB' FROM ruolo r WHERE r.codice IN ('FAC', 'VOL') AND EXISTS (SELECT 1 FROM gruppo g WHERE g.codice = 'VIS.DSHB')
  ON CONFLICT DO NOTHING;
