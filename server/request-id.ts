/**
 * The request id of every log line of a request (issue 14 point 3): an incoming `X-Request-Id` is kept
 * when it is safe to log and echo (1–64 characters of `[A-Za-z0-9._-]`: a load balancer's or the
 * caller's trace id), anything else is replaced by a random UUID. Fastify logs it as `reqId` on every
 * `request.log` line; {@link echoRequestId} sends it back as `x-request-id`.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'

export const REQUEST_ID_HEADER = 'x-request-id'
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

/** Fastify's `genReqId`: the caller's safe `X-Request-Id`, or a new UUID. */
export function requestIdOf(raw: Pick<IncomingMessage, 'headers'>): string {
  const header = raw.headers[REQUEST_ID_HEADER]
  const value = Array.isArray(header) ? header[0] : header
  return value !== undefined && SAFE_REQUEST_ID.test(value) ? value : randomUUID()
}

/** `onRequest` hook: the id on the raw response, so hijacked replies (the identity provider's) carry it too. */
export function echoRequestId(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.raw.setHeader(REQUEST_ID_HEADER, request.id)
  done()
}
