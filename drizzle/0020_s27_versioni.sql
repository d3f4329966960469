-- Hand-written (issue 27 point 1): a row version on every editable record. `versione` is 1 at creation and + 1 at
-- every change of the record's editable data; an update or delete sends the version it was based on and the
-- server changes the row only while it still holds that version (compare-and-set, server/domain/versioni.ts),
-- else answers 409 V01 with the current record. Existing rows start at 1. (questionario_template already has
-- `versione`, its template version: a draft edited in place bumps it too.)
ALTER TABLE "servizio" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cittadino" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "programma" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "progetto" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ente" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sede" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "utente" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ruolo" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_item" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_comment" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "configurazione_minorenni" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;
