/**
 * drizzle-kit configuration: `npx drizzle-kit generate` writes the SQL migrations of
 * `server/db/schema.ts` into `drizzle/` (no database needed). The same migrations run unchanged on
 * PGlite and PostgreSQL, applied at start-up by `openDatabase` (server/db/index.ts).
 */
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './drizzle',
})
