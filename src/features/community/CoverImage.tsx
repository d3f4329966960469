/**
 * Cover of an announcement (spec 001 §9: 1200×650). The cover route needs the auth headers, which an
 * `<img src>` cannot send, so the image is fetched with them and shown from a blob URL; the request's
 * Accept lists AVIF and WebP, and the server negotiates the format (JPEG for everything else), so
 * the `<picture>`/`srcset` choice happens on the server. `width`/`height` are set and the box keeps the
 * 1200:650 ratio while loading: no layout shift. Alt text: the item's title.
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { Item } from '../../api/contract/community'
import { api } from '../../api/client'
import { loadAppConfig } from '../../api/config'
import { profileIds } from './api'

export const COVER_SIZE = { width: 1200, height: 650 } as const

async function fetchCover(id: number): Promise<Blob> {
  await loadAppConfig()
  const qs = new URLSearchParams(Object.entries(profileIds()).map(([k, val]) => [k, String(val)]))
  return api.get(`item/${id}/cover?${qs.toString()}`, { headers: { accept: 'image/avif,image/webp,image/jpeg;q=0.8' } }).blob()
}

export function CoverImage({ item, className = '' }: { item: Pick<Item, 'id' | 'cover' | 'title'>; className?: string }) {
  const cover = useQuery({
    queryKey: ['community', 'cover', item.id, item.cover],
    queryFn: () => fetchCover(item.id),
    enabled: Boolean(item.cover),
    staleTime: Infinity,
  })
  const url = useMemo(() => (cover.data ? URL.createObjectURL(cover.data) : null), [cover.data])
  useEffect(() => () => { if (url) URL.revokeObjectURL(url) }, [url])
  if (!item.cover) return null
  return (
    <div className={`pd-community-cover ${className}`} data-testid="community-cover">
      {url && <img src={url} alt={item.title} width={COVER_SIZE.width} height={COVER_SIZE.height} decoding="async" />}
    </div>
  )
}
