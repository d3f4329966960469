-- Issue 8 points 1–2.
-- Citizens get the masked fiscal code or document number written at creation (src/lib/masked-identity.ts),
-- shown in the service's citizens table. The existing rows cannot be masked (only a keyed hash of their
-- identifier is stored): they stay NULL, shown as '—', until the citizen is identified again at a desk
-- (an addition to another service writes the mask of the code or document typed then).
ALTER TABLE "cittadino" ADD COLUMN "identificativo_mascherato" text;--> statement-breakpoint
-- The locked Q1 of every template gets the consent questions 18 (type: Cartaceo / Email / Online) and 19
-- (date), as the seed now writes them (server/seed/questionnaire/q1-citizen.ts; platform-frontend §3.3,
-- platform-backend §6.4). Only the Q1 element is rewritten (the other sections keep their JSON text, so the
-- key order of the checkbox options stays); templates that already have question 18 are left as they are.
UPDATE "questionario_template" AS t SET "sezioni" = (
  SELECT json_agg(
    CASE WHEN e.value->>'id' = 'anagraphic-citizen-section' AND (e.value->'schema'->'properties'->'18') IS NULL
      THEN jsonb_set(
        jsonb_set(
          e.value::jsonb,
          '{schema,properties}',
          coalesce((e.value->'schema'->'properties')::jsonb, '{}'::jsonb) || '{
            "18": {"id": "18", "title": "Modalità del consenso al trattamento dei dati personali", "type": "string", "enum": ["Cartaceo", "Email", "Online"], "order": 11, "keyBE": "tipoConferimentoConsenso"},
            "19": {"id": "19", "title": "Data del consenso al trattamento dei dati personali", "type": "date", "order": 12, "keyBE": "dataConferimentoConsenso"}
          }'::jsonb),
        '{schema,default}',
        coalesce((e.value->'schema'->'default')::jsonb, '[]'::jsonb) || '["18", "19"]'::jsonb)::json
      ELSE e.value
    END
    ORDER BY e.n)
  FROM json_array_elements(t."sezioni") WITH ORDINALITY AS e(value, n)
)
WHERE EXISTS (
  SELECT 1 FROM json_array_elements(t."sezioni") AS q(value)
  WHERE q.value->>'id' = 'anagraphic-citizen-section' AND (q.value->'schema'->'properties'->'18') IS NULL
);
