-- Hand-written (not derived from schema.ts): pd_fold(text), the folding of the list searches and sorts
-- (server/domain/liste/engine.ts): accented Latin letters to their base letter (both cases, the typographic
-- apostrophe to the plain one), then lower case. IMMUTABLE, so expression indexes can use it; no extension
-- (unaccent, pg_trgm) is needed, so it runs unchanged on PGlite and on PostgreSQL. The term the user types is
-- folded the same way in JavaScript (foldTerm).
CREATE OR REPLACE FUNCTION "pd_fold"(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(translate(t, 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿÇçÑñ’', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuYyyCcNn'''))
$$;--> statement-breakpoint
ALTER TABLE "ente" ADD COLUMN "ricerca" text GENERATED ALWAYS AS (pd_fold(nome || chr(10) || nome_breve || chr(10) || partita_iva)) STORED;--> statement-breakpoint
ALTER TABLE "progetto" ADD COLUMN "ricerca" text GENERATED ALWAYS AS (pd_fold(nome || chr(10) || nome_breve)) STORED;--> statement-breakpoint
ALTER TABLE "programma" ADD COLUMN "ricerca" text GENERATED ALWAYS AS (pd_fold(nome || chr(10) || nome_breve || chr(10) || codice)) STORED;--> statement-breakpoint
ALTER TABLE "utente" ADD COLUMN "ricerca" text GENERATED ALWAYS AS (pd_fold(cognome || ' ' || nome || chr(10) || nome || ' ' || cognome || chr(10) || codice_fiscale)) STORED;--> statement-breakpoint
CREATE INDEX "ente_nome_fold_idx" ON "ente" USING btree (pd_fold(nome),"id");--> statement-breakpoint
CREATE INDEX "ente_partner_ente_idx" ON "ente_partner" USING btree ("id_ente");--> statement-breakpoint
CREATE INDEX "espf_progetto_ente_idx" ON "ente_sede_progetto_facilitatore" USING btree ("id_progetto","id_ente");--> statement-breakpoint
CREATE INDEX "progetto_nome_fold_idx" ON "progetto" USING btree (pd_fold(nome),"id");--> statement-breakpoint
CREATE INDEX "progetto_ente_gestore_idx" ON "progetto" USING btree ("id_ente_gestore_progetto");--> statement-breakpoint
CREATE INDEX "programma_nome_fold_idx" ON "programma" USING btree (pd_fold(nome),"id");--> statement-breakpoint
CREATE INDEX "programma_ente_gestore_idx" ON "programma" USING btree ("id_ente_gestore_programma");--> statement-breakpoint
CREATE INDEX "servizio_data_idx" ON "servizio" USING btree ("data_servizio","id");--> statement-breakpoint
CREATE INDEX "servizio_progetto_data_idx" ON "servizio" USING btree ("id_progetto","data_servizio","id");--> statement-breakpoint
CREATE INDEX "utente_nominativo_fold_idx" ON "utente" USING btree (pd_fold(cognome),pd_fold(nome),"id");--> statement-breakpoint
CREATE INDEX "utente_x_ruolo_ruolo_idx" ON "utente_x_ruolo" USING btree ("codice_ruolo");