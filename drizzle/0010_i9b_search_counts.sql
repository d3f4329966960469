CREATE TABLE "servizio_conteggio_ricerca" (
	"id_progetto" integer NOT NULL,
	"id_ente" integer NOT NULL,
	"id_facilitatore" integer NOT NULL,
	"stato" text NOT NULL,
	"tipologia_servizio" text NOT NULL,
	"ricerca" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "servizio_conteggio_ricerca_id_progetto_id_ente_id_facilitatore_stato_tipologia_servizio_ricerca_pk" PRIMARY KEY("id_progetto","id_ente","id_facilitatore","stato","tipologia_servizio","ricerca")
);
--> statement-breakpoint
DROP INDEX "servizio_data_idx";--> statement-breakpoint
CREATE INDEX "servizio_data_idx" ON "servizio" USING btree ("data_servizio","id","id_progetto","id_ente","id_sede","id_facilitatore","stato","tipologia_servizio","ricerca");--> statement-breakpoint
-- Hand-written (not derived from schema.ts): the triggers of migration 0009 keep servizio_conteggio_ricerca too
-- (same statement-level upserts, one level finer: the folded name). Issue 9 point 7: a name search is counted here.
CREATE OR REPLACE FUNCTION "servizio_conteggio_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO servizio_conteggio AS c (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, n)
    SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, count(*) FROM servizio_nuovi GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO servizio_conteggio_ricerca AS c (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, n)
    SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, count(*) FROM servizio_nuovi GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "servizio_conteggio_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE servizio_conteggio c SET n = c.n - o.n
    FROM (SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, count(*) AS n FROM servizio_vecchi GROUP BY 1, 2, 3, 4, 5) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio;
  DELETE FROM servizio_conteggio WHERE n <= 0;
  UPDATE servizio_conteggio_ricerca c SET n = c.n - o.n
    FROM (SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, count(*) AS n FROM servizio_vecchi GROUP BY 1, 2, 3, 4, 5, 6) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio AND c.ricerca = o.ricerca;
  DELETE FROM servizio_conteggio_ricerca WHERE n <= 0;
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
  DELETE FROM servizio_conteggio WHERE n <= 0;
  UPDATE servizio_conteggio_ricerca c SET n = c.n - o.n
    FROM (SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, count(*) AS n FROM servizio_vecchi GROUP BY 1, 2, 3, 4, 5, 6) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio AND c.ricerca = o.ricerca;
  INSERT INTO servizio_conteggio_ricerca AS c (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, n)
    SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, count(*) FROM servizio_nuovi GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca) DO UPDATE SET n = c.n + excluded.n;
  DELETE FROM servizio_conteggio_ricerca WHERE n <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "servizio_conteggio_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM servizio_conteggio;
  DELETE FROM servizio_conteggio_ricerca;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO servizio_conteggio_ricerca (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, n)
  SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, count(*) FROM servizio GROUP BY 1, 2, 3, 4, 5, 6;
