CREATE TABLE "principal_generation" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"gen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "principal_generation_one_row" CHECK ("principal_generation"."id")
);
--> statement-breakpoint
CREATE INDEX "questionario_compilato_servizio_idx" ON "questionario_compilato" USING btree ("id_servizio");--> statement-breakpoint
CREATE INDEX "rdg_progetto_utente_idx" ON "referente_delegati_gestore_progetto" USING btree ("id_utente");--> statement-breakpoint
CREATE INDEX "rdg_programma_utente_idx" ON "referente_delegati_gestore_programma" USING btree ("id_utente");--> statement-breakpoint
CREATE INDEX "rd_partner_utente_idx" ON "referente_delegati_partner" USING btree ("id_utente");--> statement-breakpoint
CREATE INDEX "servizio_x_cittadino_servizio_idx" ON "servizio_x_cittadino" USING btree ("id_servizio");--> statement-breakpoint
CREATE INDEX "tipologia_servizio_servizio_idx" ON "tipologia_servizio" USING btree ("id_servizio");--> statement-breakpoint
-- Hand-written below (not derived from schema.ts): the single row of principal_generation and the
-- triggers that add 1 to it when a transaction writes to a table a Principal is built from
-- (server/domain/principal.ts); the principal cache (server/auth/principal-cache.ts) relies on them.
-- The row triggers are deferred to COMMIT and bump once per transaction (a transaction-local flag): the
-- counter's row lock is then the last lock a writing transaction takes, so it never adds a deadlock, and
-- the new value becomes visible atomically with the data it announces. The same moment is announced with
-- NOTIFY principal_generation (nothing is sent to sessions that do not listen).
INSERT INTO "principal_generation" ("id", "gen") VALUES (true, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "principal_generation_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('punto.principal_generation_bumped', true), '') <> 'on' THEN
    PERFORM set_config('punto.principal_generation_bumped', 'on', true);
    UPDATE "principal_generation" SET "gen" = "gen" + 1 WHERE "id";
    -- delivered at COMMIT to listening sessions (the in-process PGlite listens: server/db/index.ts)
    PERFORM pg_notify('principal_generation', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "utente_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "utente" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "utente_principal_generation_truncate" AFTER TRUNCATE ON "utente" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "utente_x_ruolo_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "utente_x_ruolo" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "utente_x_ruolo_principal_generation_truncate" AFTER TRUNCATE ON "utente_x_ruolo" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ruolo_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "ruolo" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "ruolo_principal_generation_truncate" AFTER TRUNCATE ON "ruolo" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ruolo_x_gruppo_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "ruolo_x_gruppo" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "ruolo_x_gruppo_principal_generation_truncate" AFTER TRUNCATE ON "ruolo_x_gruppo" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "gruppo_x_permesso_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "gruppo_x_permesso" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "gruppo_x_permesso_principal_generation_truncate" AFTER TRUNCATE ON "gruppo_x_permesso" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "permesso_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "permesso" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "permesso_principal_generation_truncate" AFTER TRUNCATE ON "permesso" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "referente_delegati_gestore_programma_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "referente_delegati_gestore_programma" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "referente_delegati_gestore_programma_principal_generation_truncate" AFTER TRUNCATE ON "referente_delegati_gestore_programma" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "referente_delegati_gestore_progetto_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "referente_delegati_gestore_progetto" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "referente_delegati_gestore_progetto_principal_generation_truncate" AFTER TRUNCATE ON "referente_delegati_gestore_progetto" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "referente_delegati_partner_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "referente_delegati_partner" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "referente_delegati_partner_principal_generation_truncate" AFTER TRUNCATE ON "referente_delegati_partner" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ente_sede_progetto_facilitatore_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "ente_sede_progetto_facilitatore" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "ente_sede_progetto_facilitatore_principal_generation_truncate" AFTER TRUNCATE ON "ente_sede_progetto_facilitatore" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ente_sede_progetto_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "ente_sede_progetto" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "ente_sede_progetto_principal_generation_truncate" AFTER TRUNCATE ON "ente_sede_progetto" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ente_partner_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "ente_partner" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "ente_partner_principal_generation_truncate" AFTER TRUNCATE ON "ente_partner" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "programma_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "programma" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "programma_principal_generation_truncate" AFTER TRUNCATE ON "programma" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "progetto_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "progetto" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "progetto_principal_generation_truncate" AFTER TRUNCATE ON "progetto" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ente_principal_generation" AFTER INSERT OR UPDATE OR DELETE ON "ente" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "principal_generation_bump"();--> statement-breakpoint
CREATE TRIGGER "ente_principal_generation_truncate" AFTER TRUNCATE ON "ente" FOR EACH STATEMENT EXECUTE FUNCTION "principal_generation_bump"();
