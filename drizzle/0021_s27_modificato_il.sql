-- Hand-written (issue 27 point 2): when a versioned record last changed, for the conflict view's 'Modificato da
-- altri il …'. `modificato_il` is set by one trigger whenever `versione` moves (every path: the compare-and-set of
-- server/domain/versioni.ts, the writes that bump the version outside the edit routes); existing rows start at the
-- migration's time. The 409 V01 answer carries it beside `corrente`.
CREATE OR REPLACE FUNCTION "pd_modificato_il"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.versione IS DISTINCT FROM OLD.versione THEN
    NEW.modificato_il := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
ALTER TABLE "servizio" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cittadino" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "programma" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "progetto" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ente" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sede" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "utente" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ruolo" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "community_item" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "community_comment" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "configurazione_minorenni" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "questionario_template" ADD COLUMN "modificato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE TRIGGER "servizio_modificato_il" BEFORE UPDATE ON "servizio" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();--> statement-breakpoint
CREATE TRIGGER "cittadino_modificato_il" BEFORE UPDATE ON "cittadino" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();--> statement-breakpoint
CREATE TRIGGER "programma_modificato_il" BEFORE UPDATE ON "programma" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();--> statement-breakpoint
CREATE TRIGGER "progetto_modificato_il" BEFORE UPDATE ON "progetto" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();--> statement-breakpoint
CREATE TRIGGER "ente_modificato_il" BEFORE UPDATE ON "ente" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();--> statement-breakpoint
CREATE TRIGGER "sede_modificato_il" BEFORE UPDATE ON "sede" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();--> statement-breakpoint
CREATE TRIGGER "utente_modificato_il" BEFORE UPDATE ON "utente" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();--> statement-breakpoint
CREATE TRIGGER "ruolo_modificato_il" BEFORE UPDATE ON "ruolo" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();--> statement-breakpoint
CREATE TRIGGER "community_item_modificato_il" BEFORE UPDATE ON "community_item" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();--> statement-breakpoint
CREATE TRIGGER "community_comment_modificato_il" BEFORE UPDATE ON "community_comment" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();--> statement-breakpoint
CREATE TRIGGER "configurazione_minorenni_modificato_il" BEFORE UPDATE ON "configurazione_minorenni" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();--> statement-breakpoint
CREATE TRIGGER "questionario_template_modificato_il" BEFORE UPDATE ON "questionario_template" FOR EACH ROW EXECUTE FUNCTION "pd_modificato_il"();
