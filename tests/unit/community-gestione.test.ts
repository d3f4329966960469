/** Pure rules of the community management pages (src/lib/community-gestione.ts). */
import { describe, expect, it } from 'vitest'
import { categoryNameError, itemPath, reportTarget, sectionFilter, sectionLabel } from '../../src/lib/community-gestione'

describe('community-gestione rules', () => {
  it('labels sections of items and categories', () => {
    expect(sectionLabel('board_item')).toBe('Bacheca')
    expect(sectionLabel('community_categories')).toBe('Forum')
    expect(sectionLabel('document_item')).toBe('Documenti')
    expect(sectionLabel('altro')).toBe('')
  })

  it('builds the page of an item', () => {
    expect(itemPath('community_item', 12)).toBe('/forum/12')
    expect(itemPath('document_item', 3)).toBe('/documenti/3')
    expect(itemPath('board_item', 1)).toBe('/bacheca/1')
  })

  it('joins a multi-choice section filter, none or all meaning no filter', () => {
    const all = ['board_item', 'community_item', 'document_item']
    expect(sectionFilter([], all)).toBeUndefined()
    expect(sectionFilter(all, all)).toBeUndefined()
    expect(sectionFilter(['document_item', 'board_item'], all)).toBe('board_item,document_item')
    expect(sectionFilter(['community_item', 'x'], all)).toBe('community_item')
  })

  it('checks a category name', () => {
    expect(categoryNameError('   ')).toBe('Inserisci il nome della categoria.')
    expect(categoryNameError('a'.repeat(31))).toMatch(/al massimo 30 caratteri/)
    expect(categoryNameError(` ${'à'.repeat(30)} `)).toBeNull()
  })

  it('says what a report points at', () => {
    expect(reportTarget({ comment_id: 7, item_id: 2 })).toEqual({ kind: 'comment', id: 7, noun: 'commento' })
    expect(reportTarget({ comment_id: null, item_id: 2 })).toEqual({ kind: 'item', id: 2, noun: 'contenuto' })
  })
})
