/**
 * Keystroke rules of the duration input (spec 000 §5): on top of `src/lib/duration.ts`, a '.' or ','
 * typed as the separator (the numeric keypads of phones have no ':') becomes ':'.
 */
import { acceptDurationInput } from '../../lib/duration'

/** The value the field keeps after a keystroke turned `previous` into `typed`. */
export function nextDurationValue(previous: string, typed: string): string {
  return acceptDurationInput(previous, typed.replace(/[.,]/g, ':'))
}
