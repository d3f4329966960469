-- Hand-written (issue 24 point 22): the citizens registry for every role that sees services. A citizen is in a
-- caller's scope when it is on a service the caller sees (server/domain/liste/cittadini.ts), and whoever sees the
-- registry downloads it (`cittadini.csv` holds the list's own columns: id, masked identity, counts). Seeded
-- databases get the group change and the roles; a fresh one gets them from server/seed/permissions-matrix.ts.
INSERT INTO "gruppo_x_permesso" ("codice_gruppo", "id_permesso")
  SELECT 'VIS.CITT', p.id FROM permesso p WHERE p.codice = 'list.dwnl.citt' AND EXISTS (SELECT 1 FROM gruppo g WHERE g.codice = 'VIS.CITT')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "gruppo" SET "descrizione" = 'Visualizzazione dei cittadini dei servizi visibili, con il download (new)' WHERE "codice" = 'VIS.CITT';--> statement-breakpoint
INSERT INTO "ruolo_x_gruppo" ("codice_ruolo", "codice_gruppo")
  SELECT r.codice, 'VIS.CITT' FROM ruolo r WHERE r.codice IN ('DSCU', 'REG', 'DEG', 'REGP', 'DEGP', 'REPP', 'DEPP')
    AND EXISTS (SELECT 1 FROM gruppo g WHERE g.codice = 'VIS.CITT')
  ON CONFLICT DO NOTHING;
