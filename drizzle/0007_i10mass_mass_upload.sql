CREATE TABLE "registro_attivita_riga" (
	"id_registro_attivita" integer NOT NULL,
	"numero_riga" integer NOT NULL,
	"esito" text NOT NULL,
	"note" text,
	"id_servizio" integer,
	"servizio_nuovo" boolean DEFAULT false NOT NULL,
	"questionario_compilato" boolean DEFAULT false NOT NULL,
	"valori" jsonb,
	CONSTRAINT "registro_attivita_riga_id_registro_attivita_numero_riga_pk" PRIMARY KEY("id_registro_attivita","numero_riga")
);
--> statement-breakpoint
ALTER TABLE "registro_attivita" ADD COLUMN "id_programma" integer;--> statement-breakpoint
ALTER TABLE "registro_attivita" ADD COLUMN "codice_ruolo" text;--> statement-breakpoint
ALTER TABLE "registro_attivita" ADD COLUMN "percorso_file" text;--> statement-breakpoint
ALTER TABLE "registro_attivita" ADD COLUMN "righe_elaborate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registro_attivita" ADD COLUMN "motivo_fallimento" text;--> statement-breakpoint
ALTER TABLE "registro_attivita" ADD COLUMN "data_ora_aggiornamento" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registro_attivita_riga" ADD CONSTRAINT "registro_attivita_riga_id_registro_attivita_registro_attivita_id_fk" FOREIGN KEY ("id_registro_attivita") REFERENCES "public"."registro_attivita"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_attivita" ADD CONSTRAINT "registro_attivita_id_programma_programma_id_fk" FOREIGN KEY ("id_programma") REFERENCES "public"."programma"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registro_attivita_job_uuid_uq" ON "registro_attivita" USING btree ("job_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "registro_attivita_in_corso_uq" ON "registro_attivita" USING btree ("id_progetto","id_ente") WHERE job_status = 'IN_PROGRESS';--> statement-breakpoint
CREATE INDEX "registro_attivita_progetto_idx" ON "registro_attivita" USING btree ("id_progetto","data_inizio_inserimento");--> statement-breakpoint
CREATE INDEX "registro_attivita_stato_idx" ON "registro_attivita" USING btree ("job_status");