/**
 * The user's avatar (spec 000 §2.7 "Avatar", spec 001 §9 sizes): the picture when there is one
 * (`immagineProfilo`, the URL without the size: `{url}/{px}.webp`), else the initials (surname then name),
 * else a user icon. Sizes in px: preview 120, big 67, medium 58, small 39. Decorative by default
 * (`alt=""`, the name is written next to it); give `label` when the avatar stands alone.
 */
import { useState } from 'react'
import { avatarInitials } from '../shell/chrome'
import { ShellIcon } from '../ShellIcon'

export const AVATAR_PX = { preview: 120, big: 67, medium: 58, small: 39 } as const
export type AvatarSizeName = keyof typeof AVATAR_PX

/** The picture URL of a size (the next larger file for 2x screens when one exists). */
export function avatarSrc(url: string, size: AvatarSizeName): { src: string; srcSet?: string } {
  const px = AVATAR_PX[size]
  const double = [39, 58, 67, 120].find((s) => s >= px * 2) ?? (px < 120 ? 120 : undefined)
  return { src: `${url}/${px}.webp`, ...(double ? { srcSet: `${url}/${px}.webp 1x, ${url}/${double}.webp 2x` } : {}) }
}

export function Avatar({ nome, cognome, immagine, size, className = '', label, sized = true }: {
  nome: string | null | undefined
  cognome: string | null | undefined
  immagine: string | null | undefined
  size: AvatarSizeName
  className?: string
  label?: string
  /** false: the size comes from `className` (the header's rem-sized `size-sm`, which grows with the text) */
  sized?: boolean
}) {
  const px = AVATAR_PX[size]
  const [failed, setFailed] = useState<string | null>(null)
  const style = sized ? { width: px, height: px, minWidth: px, fontSize: Math.round(px * 0.4) } : undefined
  const common = `avatar pd-avatar rounded-circle d-inline-flex align-items-center justify-content-center overflow-hidden ${className}`
  if (immagine && failed !== immagine) {
    return (
      <span className={common} style={style} data-testid="avatar-image" {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
        <img {...avatarSrc(immagine, size)} alt="" width={px} height={px} style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          onError={() => setFailed(immagine)} />
      </span>
    )
  }
  const initials = avatarInitials(nome, cognome)
  return (
    <span className={`${common} fw-semibold`} style={style} data-testid="avatar-initials" {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      {initials || <ShellIcon icon="it-user" size="sm" />}
    </span>
  )
}
