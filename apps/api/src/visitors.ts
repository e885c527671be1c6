/**
 * Visitors counted without being known (issue 13, hardening; the robustness review's S3 and the
 * shopper review's finding 18): a client's key for one UTC day, so a signal that should count
 * people (Top Selling's outbound clicks, hot words' searches) counts one per client and day,
 * without storing an address or linking one day's key to the next.
 */
import { createHash } from 'node:crypto';

/**
 * The first 24 hex characters of SHA-256 over `purpose`, the UTC date of `at` and the client's
 * address (Fastify's `req.ip`: the shopper's, through the storefront's `X-Forwarded-For` from
 * loopback). Keys of different purposes or days differ.
 */
export function dailyVisitorKey(purpose: string, ip: string, at: Date = new Date()): string {
  return createHash('sha256')
    .update(`${purpose}:${at.toISOString().slice(0, 10)}:${ip}`)
    .digest('hex')
    .slice(0, 24);
}
