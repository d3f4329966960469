/**
 * Reads the notification stream (`GET /api/notifications/stream`, server-sent events) of a fetch answer:
 * `next()` resolves with the JSON `data` of the next event ({unread, id}), skipping comments (heartbeats);
 * it rejects when the stream ends first; `cancel()` stops reading.
 */
export interface NotificationEvent { unread: number; id: number | null }

export function sseReader(res: Response): { next(): Promise<NotificationEvent>; cancel(): Promise<void> } {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  return {
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = block.split('\n').find((l) => l.startsWith('data: '))
          if (data) return JSON.parse(data.slice(6)) as NotificationEvent
          continue
        }
        const { value, done } = await reader.read()
        if (done) throw new Error('stream ended')
        buffer += value
      }
    },
    cancel: () => reader.cancel().catch(() => undefined),
  }
}
