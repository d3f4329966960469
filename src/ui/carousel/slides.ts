/**
 * Pure rules of the card carousel (spec 001 §2 "Listing pages", §9: 3 cards per slide on desktop,
 * 1 on tablet and phone).
 */

/** Smallest viewport width, px, that shows 3 cards per slide (Bootstrap's `lg`). */
export const DESKTOP_MIN_PX = 992

/** Cards per slide for a viewport `width` in px. */
export function cardsPerSlide(width: number): number {
  return width >= DESKTOP_MIN_PX ? 3 : 1
}

/** Number of slides for `count` cards (at least 1 when there is a card, 0 when none). */
export function slideCount(count: number, perSlide: number): number {
  return count <= 0 ? 0 : Math.ceil(count / Math.max(1, perSlide))
}

/** The cards of slide `index` (0-based); an index beyond the last slide gives the last one. */
export function slideItems<T>(items: readonly T[], perSlide: number, index: number): T[] {
  const n = slideCount(items.length, perSlide)
  const at = clampSlide(index, n)
  return items.slice(at * perSlide, at * perSlide + perSlide)
}

/** `index` kept within 0…n-1 (0 when there are no slides). */
export function clampSlide(index: number, n: number): number {
  return n <= 0 ? 0 : Math.min(Math.max(0, index), n - 1)
}

/** The slide a card lands on when the cards per slide change (keeps the first visible card visible). */
export function slideOfCard(cardIndex: number, perSlide: number): number {
  return Math.floor(Math.max(0, cardIndex) / Math.max(1, perSlide))
}

/** Position as read to the user: 'Slide 2 di 4' (`index` 0-based). */
export function slideLabel(index: number, n: number): string {
  return `Slide ${index + 1} di ${n}`
}
