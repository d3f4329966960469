/**
 * The route table the API description is generated from: every route registered on `app` after this
 * call (root `onRoute` hook, inherited by every plugin registered later), in registration order.
 */
import type { FastifyInstance, RouteOptions } from 'fastify'

/** Starts collecting; the returned array fills as routes are registered (read it once the app is ready). */
export function collectRoutes(app: FastifyInstance): readonly RouteOptions[] {
  const routes: RouteOptions[] = []
  app.addHook('onRoute', (route) => { routes.push(route) })
  return routes
}
