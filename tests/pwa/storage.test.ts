import { requestPersistentStorage } from '../../src/pwa/storage'

const original = Object.getOwnPropertyDescriptor(navigator, 'storage')

function stubStorage(value: unknown) {
  Object.defineProperty(navigator, 'storage', { value, configurable: true })
}

afterEach(() => {
  if (original) Object.defineProperty(navigator, 'storage', original)
  else Reflect.deleteProperty(navigator, 'storage')
})

describe('requestPersistentStorage', () => {
  it('is false when the API is missing', async () => {
    stubStorage(undefined)
    await expect(requestPersistentStorage()).resolves.toBe(false)
  })

  it('does not ask again when storage is already persistent', async () => {
    const persist = vi.fn(async () => false)
    stubStorage({ persisted: async () => true, persist })
    await expect(requestPersistentStorage()).resolves.toBe(true)
    expect(persist).not.toHaveBeenCalled()
  })

  it("returns the browser's answer", async () => {
    stubStorage({ persisted: async () => false, persist: async () => true })
    await expect(requestPersistentStorage()).resolves.toBe(true)
    stubStorage({ persisted: async () => false, persist: async () => false })
    await expect(requestPersistentStorage()).resolves.toBe(false)
  })

  it('turns a rejection into false', async () => {
    stubStorage({ persisted: async () => false, persist: async () => { throw new Error('denied') } })
    await expect(requestPersistentStorage()).resolves.toBe(false)
  })
})
