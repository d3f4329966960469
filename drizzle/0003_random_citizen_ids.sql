-- Citizens get random, not sequential, ids (security issue 6): `cittadino.id` and the two columns that
-- reference it become bigint; the identity goes (the server draws each new id, server/db/citizen-id.ts).
-- The FKs are dropped first and re-created at the end, so the existing rows can be renumbered below.
ALTER TABLE "questionario_compilato" DROP CONSTRAINT "questionario_compilato_id_cittadino_cittadino_id_fk";--> statement-breakpoint
ALTER TABLE "servizio_x_cittadino" DROP CONSTRAINT "servizio_x_cittadino_id_cittadino_cittadino_id_fk";--> statement-breakpoint
ALTER TABLE "cittadino" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "cittadino" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "questionario_compilato" ALTER COLUMN "id_cittadino" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "servizio_x_cittadino" ALTER COLUMN "id_cittadino" SET DATA TYPE bigint;--> statement-breakpoint
-- Existing citizens: a new id 2^52 + 52 random bits (from gen_random_uuid(), a strong random source, built
-- in since PostgreSQL 13 and in PGlite), the same range as the server's; old ids (< 2^31) never collide
-- with new ones, so the renumbering runs in place.
ALTER TABLE "cittadino" ADD COLUMN "id_nuovo" bigint;--> statement-breakpoint
UPDATE "cittadino" SET "id_nuovo" = 4503599627370496 + ('x' || substr(replace(gen_random_uuid()::text, '-', ''), 20, 13))::bit(52)::bigint;--> statement-breakpoint
UPDATE "servizio_x_cittadino" AS x SET "id_cittadino" = c."id_nuovo" FROM "cittadino" AS c WHERE x."id_cittadino" = c."id";--> statement-breakpoint
UPDATE "questionario_compilato" AS q SET "id_cittadino" = c."id_nuovo" FROM "cittadino" AS c WHERE q."id_cittadino" = c."id";--> statement-breakpoint
UPDATE "cittadino" SET "id" = "id_nuovo";--> statement-breakpoint
ALTER TABLE "cittadino" DROP COLUMN "id_nuovo";--> statement-breakpoint
ALTER TABLE "questionario_compilato" ADD CONSTRAINT "questionario_compilato_id_cittadino_cittadino_id_fk" FOREIGN KEY ("id_cittadino") REFERENCES "public"."cittadino"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servizio_x_cittadino" ADD CONSTRAINT "servizio_x_cittadino_id_cittadino_cittadino_id_fk" FOREIGN KEY ("id_cittadino") REFERENCES "public"."cittadino"("id") ON DELETE no action ON UPDATE no action;
