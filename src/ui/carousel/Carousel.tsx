/**
 * Card carousel (spec 001 §2, §9): 3 cards per slide from 992 px, 1 below; previous/next buttons
 * ('Slide precedente', 'Slide successiva'; at the ends `aria-disabled` and inert, keeping the focus), the position announced politely
 * ('Slide 2 di 4'), no autoplay, no swipe-only control. Written here rather than with design-react-kit's
 * Splide-based Carousel: its presets show 2 cards on tablets and announce positions per card, not per
 * slide. Keyboard: the buttons are ordinary buttons; the cards keep their own links.
 */
import { Icon } from 'design-react-kit'
import { useId, useState, useSyncExternalStore, type ReactNode } from 'react'
import { cardsPerSlide, clampSlide, DESKTOP_MIN_PX, slideCount, slideItems, slideLabel, slideOfCard } from './slides'
import './carousel.css'

const QUERY = `(min-width: ${DESKTOP_MIN_PX}px)`
const subscribe = (cb: () => void) => {
  const mq = window.matchMedia(QUERY)
  mq.addEventListener('change', cb)
  return () => mq.removeEventListener('change', cb)
}
const perSlideNow = () => cardsPerSlide(window.matchMedia(QUERY).matches ? DESKTOP_MIN_PX : 0)

export function Carousel<T>({ items, label, keyOf, render, testId }: {
  items: readonly T[]
  /** accessible name of the carousel, e.g. 'Contenuti di Bacheca' */
  label: string
  keyOf(item: T): string | number
  render(item: T): ReactNode
  testId?: string
}) {
  const perSlide = useSyncExternalStore(subscribe, perSlideNow, () => 3)
  const [state, setState] = useState({ index: 0, perSlide })
  const uid = useId()
  const n = slideCount(items.length, perSlide)
  // a change of layout keeps the first visible card on screen
  const index = clampSlide(state.perSlide === perSlide ? state.index : slideOfCard(state.index * state.perSlide, perSlide), n)
  const go = (to: number) => setState({ index: clampSlide(to, n), perSlide })
  if (n === 0) return null
  const position = slideLabel(index, n)
  return (
    <section className="pd-carousel" aria-roledescription="carosello" aria-label={label} data-testid={testId}>
      <div id={`${uid}-slide`} role="group" aria-roledescription="slide" aria-label={position}>
        <ul className="row g-4 list-unstyled mb-3">
          {slideItems(items, perSlide, index).map((item) => (
            <li key={keyOf(item)} className={perSlide === 3 ? 'col-4' : 'col-12'}>{render(item)}</li>
          ))}
        </ul>
      </div>
      {n > 1 && (
        <div className="d-flex align-items-center justify-content-center gap-3">
          <button type="button" className="btn btn-outline-primary btn-sm pd-carousel-btn" aria-controls={`${uid}-slide`} aria-disabled={index === 0} onClick={() => go(index - 1)}>
            <Icon icon="it-chevron-left" size="sm" color="primary" aria-hidden /><span className="visually-hidden">Slide precedente</span>
          </button>
          <p className="mb-0 small" aria-live="polite" data-testid="carousel-position">{position}</p>
          <button type="button" className="btn btn-outline-primary btn-sm pd-carousel-btn" aria-controls={`${uid}-slide`} aria-disabled={index === n - 1} onClick={() => go(index + 1)}>
            <Icon icon="it-chevron-right" size="sm" color="primary" aria-hidden /><span className="visually-hidden">Slide successiva</span>
          </button>
        </div>
      )}
    </section>
  )
}
