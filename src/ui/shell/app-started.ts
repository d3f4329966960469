/**
 * Marks the document once the application runs: `<html data-pd-app="avviata">`, set after the shell's first
 * commit (a render or the hydration of the pre-rendered landing page, src/main.tsx). Until then the page may be
 * the pre-rendered markup, readable and with working links but without the application's behaviour (menus,
 * dialogs). End-to-end tests and monitoring scripts wait for it instead of guessing from the markup.
 */
import { useEffect } from 'react'

/** The attribute on `<html>` and its value once started. */
export const APP_STARTED_ATTRIBUTE = 'data-pd-app'
export const APP_STARTED_VALUE = 'avviata'

/** Sets {@link APP_STARTED_ATTRIBUTE} on `<html>` after the first commit of the component that calls it. */
export function useAppStarted(): void {
  useEffect(() => {
    document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, APP_STARTED_VALUE)
  }, [])
}
