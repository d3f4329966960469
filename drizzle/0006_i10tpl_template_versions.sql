ALTER TABLE "questionario_template" DROP CONSTRAINT "questionario_template_nome_unique";--> statement-breakpoint
ALTER TABLE "questionario_template" ADD COLUMN "versione" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "questionario_template" ADD COLUMN "id_origine" uuid;--> statement-breakpoint
ALTER TABLE "questionario_template" ADD COLUMN "id_versione_successiva" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "questionario_template_nome_corrente_uq" ON "questionario_template" USING btree ("nome") WHERE "questionario_template"."id_versione_successiva" is null;--> statement-breakpoint
CREATE INDEX "questionario_template_origine_idx" ON "questionario_template" USING btree ("id_origine");