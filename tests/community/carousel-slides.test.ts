/** Carousel rules (spec 001 §9: 3 cards per slide on desktop, else 1) and author names of comments. */
import { describe, expect, it } from 'vitest'
import { cardsPerSlide, clampSlide, slideCount, slideItems, slideLabel, slideOfCard } from '../../src/ui/carousel/slides'
import { authorNames } from '../../src/features/community/authors'

describe('carousel slides', () => {
  it('3 cards per slide from 992 px, 1 below (375 px phones, tablets)', () => {
    expect([cardsPerSlide(1280), cardsPerSlide(992), cardsPerSlide(991), cardsPerSlide(768), cardsPerSlide(375)]).toEqual([3, 3, 1, 1, 1])
  })
  it('counts slides and cuts the cards of each', () => {
    expect([slideCount(0, 3), slideCount(1, 3), slideCount(6, 3), slideCount(8, 3), slideCount(8, 1)]).toEqual([0, 1, 2, 3, 8])
    const cards = [1, 2, 3, 4, 5, 6, 7, 8]
    expect(slideItems(cards, 3, 0)).toEqual([1, 2, 3])
    expect(slideItems(cards, 3, 2)).toEqual([7, 8])
    expect(slideItems(cards, 3, 9)).toEqual([7, 8])
    expect(slideItems(cards, 1, 4)).toEqual([5])
  })
  it('keeps the position in range and the first visible card across layouts', () => {
    expect([clampSlide(-1, 4), clampSlide(5, 4), clampSlide(2, 0)]).toEqual([0, 3, 0])
    expect(slideOfCard(4 * 1, 3)).toBe(1)
    expect(slideOfCard(1 * 3, 1)).toBe(3)
  })
  it('announces the position in Italian', () => {
    expect(slideLabel(1, 4)).toBe('Slide 2 di 4')
  })
})

describe('comment authors', () => {
  it('splits name and surname; nothing for Utente Anonimo', () => {
    expect(authorNames({ author_name: 'Laura Conti De Santis' })).toEqual({ nome: 'Laura', cognome: 'Conti De Santis' })
    expect(authorNames({ author_name: 'Utente Anonimo' })).toEqual({ nome: null, cognome: null })
  })
})
