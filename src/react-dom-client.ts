/**
 * react-dom's client API, re-exported from a module of its own: vite.config.ts puts it in the `react-dom`
 * chunk with react-dom itself, so that react-dom (CommonJS, initialised where it is first imported) starts
 * while that chunk is evaluated, in a task of its own, not inside the entry's (delivery issue 7: no start-up
 * task longer than 50 ms on a mid-range phone).
 */
export { createRoot, hydrateRoot } from 'react-dom/client'
