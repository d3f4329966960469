/**
 * Server-side render of one route for the build's pre-rendered landing page (delivery issue 7 point 2/4:
 * the first paint of `/` comes from HTML and CSS alone, before any script). Run by
 * scripts/prerender-landing-worker.ts inside Vite's SSR module runner, under a jsdom window with empty
 * storage, i.e. as an anonymous visitor sees the page. Icons render as their empty placeholders (design-react-kit
 * loads the paths in an effect); the client bundle replaces the whole markup when it starts.
 * @param path the route to render, e.g. `/`
 * @returns the markup of the application root (what `#root` holds once React has rendered)
 */
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { routeTree } from './routeTree.gen'

export async function render(path: string): Promise<string> {
  const router = createRouter({ routeTree, isServer: false, history: createMemoryHistory({ initialEntries: [path] }) })
  await router.load()
  return renderToString(<RouterProvider router={router} />)
}
