/**
 * Cover of an announcement (spec 001 §9: 1200×650). `item.cover` is the cover's versioned URL
 * (`/api/item/{id}/cover/{version}`: unguessable, new at every upload, cached immutable), which the `<img>`
 * loads directly, as avatars are loaded: no token is needed and no `blob:` URL, which the server's CSP
 * (`img-src 'self' data:`) forbids (issue 24 point 5). The browser's Accept lists AVIF and WebP and the
 * server negotiates the format (JPEG for everything else). `width`/`height` are set and the box keeps
 * the 1200:650 ratio while loading: no layout shift. Alt text: the item's title. An image that cannot load
 * (offline) leaves the box empty.
 */
import { useState } from 'react'
import type { Item } from '../../api/contract/community'

export const COVER_SIZE = { width: 1200, height: 650 } as const

export function CoverImage({ item, className = '' }: { item: Pick<Item, 'id' | 'cover' | 'title'>; className?: string }) {
  // offline (or a cover since replaced) the image cannot load: the box stays empty, without a broken-image icon
  const [failed, setFailed] = useState<string | null>(null)
  if (!item.cover) return null
  return (
    <div className={`pd-community-cover ${className}`} data-testid="community-cover">
      {failed !== item.cover && <img src={item.cover} alt={item.title} width={COVER_SIZE.width} height={COVER_SIZE.height} decoding="async" onError={() => setFailed(item.cover)} />}
    </div>
  )
}
