CREATE TABLE "servizio_conteggio" (
	"id_progetto" integer NOT NULL,
	"id_ente" integer NOT NULL,
	"id_facilitatore" integer NOT NULL,
	"stato" text NOT NULL,
	"tipologia_servizio" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "servizio_conteggio_id_progetto_id_ente_id_facilitatore_stato_tipologia_servizio_pk" PRIMARY KEY("id_progetto","id_ente","id_facilitatore","stato","tipologia_servizio")
);
--> statement-breakpoint
DROP INDEX "servizio_progetto_data_idx";--> statement-breakpoint
DROP INDEX "servizio_x_cittadino_servizio_idx";--> statement-breakpoint
ALTER TABLE "servizio" ADD COLUMN "ricerca" text GENERATED ALWAYS AS (pd_fold(nome)) STORED;--> statement-breakpoint
CREATE INDEX "servizio_progetto_data_idx" ON "servizio" USING btree ("id_progetto","data_servizio","id","id_facilitatore","id_ente","id_sede","stato","ricerca");--> statement-breakpoint
CREATE INDEX "servizio_x_cittadino_servizio_idx" ON "servizio_x_cittadino" USING btree ("id_servizio","id_cittadino");--> statement-breakpoint
-- Hand-written (not derived from schema.ts): the triggers keeping servizio_conteggio exact (issue 9 point 7).
-- Statement-level with transition tables: one grouped upsert per statement, whatever the number of rows.
CREATE OR REPLACE FUNCTION "servizio_conteggio_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO servizio_conteggio AS c (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, n)
    SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, count(*) FROM servizio_nuovi GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "servizio_conteggio_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE servizio_conteggio c SET n = c.n - o.n
    FROM (SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, count(*) AS n FROM servizio_vecchi GROUP BY 1, 2, 3, 4, 5) o
    WHERE c.id_progetto = o.id_progetto AND c.id_ente = o.id_ente AND c.id_facilitatore = o.id_facilitatore
      AND c.stato = o.stato AND c.tipologia_servizio = o.tipologia_servizio;
  DELETE FROM servizio_conteggio WHERE n <= 0;
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
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "servizio_conteggio_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM servizio_conteggio;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "servizio_conteggio_insert" AFTER INSERT ON "servizio" REFERENCING NEW TABLE AS servizio_nuovi
  FOR EACH STATEMENT EXECUTE FUNCTION "servizio_conteggio_add"();--> statement-breakpoint
CREATE TRIGGER "servizio_conteggio_delete" AFTER DELETE ON "servizio" REFERENCING OLD TABLE AS servizio_vecchi
  FOR EACH STATEMENT EXECUTE FUNCTION "servizio_conteggio_remove"();--> statement-breakpoint
CREATE TRIGGER "servizio_conteggio_update" AFTER UPDATE ON "servizio" REFERENCING OLD TABLE AS servizio_vecchi NEW TABLE AS servizio_nuovi
  FOR EACH STATEMENT EXECUTE FUNCTION "servizio_conteggio_move"();--> statement-breakpoint
CREATE TRIGGER "servizio_conteggio_truncate" AFTER TRUNCATE ON "servizio"
  FOR EACH STATEMENT EXECUTE FUNCTION "servizio_conteggio_clear"();--> statement-breakpoint
INSERT INTO servizio_conteggio (id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, n)
  SELECT id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, count(*) FROM servizio GROUP BY 1, 2, 3, 4, 5;
