-- Hand-written (issue 14 point 4): the counter triggers of migrations 0009/0010 removed the emptied counter rows
-- with `DELETE … WHERE n <= 0`, a scan of the whole counter table at every update or delete of a service
-- (servizio_conteggio_ricerca holds a row per facilitator, state, type and service name: tens of thousands at
-- national scale, growing with every new name), so each change of a service's state cost more as the data grew.
-- Only the keys the statement decremented can have reached zero: the deletes now look those up by primary key.
CREATE OR REPLACE FUNCTION "servizio_conteggio_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE servizio_conteggio c SET n = c.n - o.n
    FROM (SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, count(*) AS n FROM servizio_vecchi GROUP BY 1, 2, 3, 4, 5) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio;
  DELETE FROM servizio_conteggio c USING (SELECT DISTINCT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio FROM servizio_vecchi) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio AND c.n <= 0;
  UPDATE servizio_conteggio_ricerca c SET n = c.n - o.n
    FROM (SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, count(*) AS n FROM servizio_vecchi GROUP BY 1, 2, 3, 4, 5, 6) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio AND c.ricerca = o.ricerca;
  DELETE FROM servizio_conteggio_ricerca c USING (SELECT DISTINCT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca FROM servizio_vecchi) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio AND c.ricerca = o.ricerca AND c.n <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "servizio_conteggio_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE servizio_conteggio c SET n = c.n - o.n
    FROM (SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, count(*) AS n FROM servizio_vecchi GROUP BY 1, 2, 3, 4, 5) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio;
  INSERT INTO servizio_conteggio AS c (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, n)
    SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, count(*) FROM servizio_nuovi GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio) DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM servizio_conteggio c USING (SELECT DISTINCT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio FROM servizio_vecchi) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio AND c.n <= 0;
  UPDATE servizio_conteggio_ricerca c SET n = c.n - o.n
    FROM (SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, count(*) AS n FROM servizio_vecchi GROUP BY 1, 2, 3, 4, 5, 6) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio AND c.ricerca = o.ricerca;
  INSERT INTO servizio_conteggio_ricerca AS c (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, n)
    SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, count(*) FROM servizio_nuovi GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca) DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM servizio_conteggio_ricerca c USING (SELECT DISTINCT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca FROM servizio_vecchi) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio AND c.ricerca = o.ricerca AND c.n <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
