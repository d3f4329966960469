-- idempotency records are a 30-day replay cache and had no writer before this migration: start empty
DELETE FROM "idempotency_record";--> statement-breakpoint
DROP INDEX "idempotency_record_user_key_uq";--> statement-breakpoint
ALTER TABLE "idempotency_record" ALTER COLUMN "id_utente" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_record" ADD COLUMN "scope" text NOT NULL;--> statement-breakpoint
ALTER TABLE "servizio" ADD COLUMN "id_locale" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_record_scope_key_uq" ON "idempotency_record" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "idempotency_record_created_idx" ON "idempotency_record" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "servizio_facilitatore_id_locale_uq" ON "servizio" USING btree ("id_facilitatore","id_locale");