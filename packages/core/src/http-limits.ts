/**
 * Limits shared by both HTTP servers (the API and the storefront), so a slow or oversized client
 * is treated the same on either (issue 13, findings 3 and 7).
 */

/**
 * Timeouts of a Node HTTP/1.1 server, milliseconds (Node's `http.Server` options of the same names).
 * - `headersTimeout`: the whole request head must arrive within it (slow-header clients, RFC 9112 §9);
 * - `requestTimeout`: the whole request, head and body, must arrive within it (slow bodies);
 * - `keepAliveTimeout`: an idle persistent connection is closed after it;
 * - `connectionTimeout`: a socket with no traffic at all in either direction is closed after it;
 * - `connectionsCheckingInterval`: how often Node checks the first two (a timeout fires up to this late).
 */
export interface HttpTimeouts {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
  connectionsCheckingInterval: number;
}

/** Defaults for both servers: generous for a real shopper on a slow phone link, short for a slow-loris client. */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeout: 15_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 5_000,
  connectionTimeout: 120_000,
  connectionsCheckingInterval: 2_000,
};

/**
 * Request-body caps, bytes: JSON API bodies 1 MiB (the proxy's limit too); the storefront's own form posts 64 KiB;
 * the image-search upload (spec §2.5, §7) a 10 MiB file plus 64 KiB for the multipart form's other fields and framing.
 */
export const BODY_LIMITS = { api: 1024 * 1024, form: 64 * 1024, upload: 10 * 1024 * 1024 + 64 * 1024 } as const;

/** Largest image an image search uploads, bytes (10 MiB; the policy's `content-length-range`). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Image types an image search accepts (spec §5), by MIME type, with the file extension each is stored under. */
export const UPLOAD_IMAGE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/**
 * The raw HTTP/1.1 answer to a request the server could not even parse (Node's `clientError` event):
 * `Connection: close` and a JSON body `{code, message}` of the project's error shape, never echoing
 * what the client sent. `errorCode` is Node's code (`HPE_HEADER_OVERFLOW`, `ERR_HTTP_REQUEST_TIMEOUT`,
 * `HPE_INVALID_METHOD`, …); unknown codes answer 400.
 */
export function clientErrorResponse(errorCode: string | undefined): string {
  const [status, reason, code, message] =
    errorCode === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'request_timeout', 'The request did not arrive in time.']
      : errorCode === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request line or headers are too large.']
        : [400, 'Bad Request', 'bad_request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ code, message });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${new TextEncoder().encode(body).length}\r\nConnection: close\r\n\r\n${body}`;
}

/** The part of a `net.Socket` that {@link answerClientError} uses. */
export interface ClientErrorSocket {
  destroyed: boolean;
  writable: boolean;
  end(data: string): void;
  destroy(): void;
}

/**
 * Handler of Node's `clientError` event for both servers: a reset connection is left alone, any
 * other unparseable or timed-out request gets {@link clientErrorResponse} and the connection closes.
 */
export function answerClientError(err: { code?: string }, socket: ClientErrorSocket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.end(clientErrorResponse(err.code));
  else socket.destroy();
}

/** The part of Node's `IncomingMessage` that {@link hostHeaderProblem} reads. */
export interface HostedRequest {
  httpVersionMajor: number;
  httpVersionMinor: number;
  /** Alternating names and values as received (Node keeps only the first of repeated Host lines in `headers`). */
  rawHeaders: string[];
}

/**
 * Why a request's Host header is not acceptable, or null when it is (RFC 9112 §3.2: a server
 * answers 400 to an HTTP/1.1 request without a Host header, and to any request with more than one
 * Host line). Our servers only take origin-form targets, so an empty Host counts as missing.
 * Both servers create Node's server with `requireHostHeader: false` (Node's own check answers an
 * empty 400 before any of our code runs) and answer this reason in their own error shape instead.
 */
export function hostHeaderProblem(req: HostedRequest): string | null {
  const hosts: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'host') hosts.push(req.rawHeaders[i + 1]!.trim());
  if (hosts.length > 1) return 'The request has more than one Host header.';
  const needsHost = req.httpVersionMajor > 1 || (req.httpVersionMajor === 1 && req.httpVersionMinor >= 1);
  if (needsHost && !hosts[0]) return 'The request has no Host header: HTTP/1.1 requires one (RFC 9112 §3.2).';
  return null;
}
