CREATE TABLE "limite_richieste" (
	"chiave" text PRIMARY KEY NOT NULL,
	"conteggio" integer NOT NULL,
	"scade_il" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segreto_server" (
	"nome" text PRIMARY KEY NOT NULL,
	"valore" jsonb NOT NULL,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registro_attivita" ADD COLUMN "processo" text;--> statement-breakpoint
ALTER TABLE "registro_attivita" ADD COLUMN "processo_visto" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "limite_richieste_scade_idx" ON "limite_richieste" USING btree ("scade_il");