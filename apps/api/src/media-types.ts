/**
 * The Content-Type of request bodies (API robustness report M6). Fastify matches a body parser by the
 * start of the header and ignores its parameters, so `application/json; charset=utf-16` was read as
 * UTF-8 JSON and `application/json;;;=` as plain JSON. This check runs first, on every request with a
 * body:
 *
 * - a Content-Type that is not an RFC 9110 §8.3.1 media type (`type "/" subtype *( OWS ";" OWS
 *   [ token "=" ( token / quoted-string ) ] )`) is 415 `unsupported_media_type`;
 * - the text the API decodes itself (JSON, form-urlencoded, text/plain) must be UTF-8 (RFC 8259 §8.1
 *   for JSON): a `charset` other than UTF-8 is 415 `unsupported_media_type`. Other types (a merchant
 *   feed in ISO-8859-1, multipart uploads) keep their parameters for their own parsers.
 *
 * Which media types a route takes is its parsers' business: the app takes JSON only, plus
 * form-urlencoded on the OAuth endpoints and the RFC 8058 one-click route, text/plain on the
 * analytics beacon, multipart on uploads and any type on operator feed uploads.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from './errors.ts';

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~\\x80-\\xff]|\\\\[\\t -~\\x80-\\xff])*"';
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})((?:[ \\t]*;(?:[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*)[ \\t]*$`);
const PARAMETER = new RegExp(`(${TOKEN})=(${TOKEN}|${QUOTED})`, 'g');

/** Media types whose text the API decodes itself, as UTF-8. */
const UTF8_ONLY = /^(?:application\/(?:[\w.+-]+\+)?json|application\/x-www-form-urlencoded|text\/plain)$/;

/** The media type (lower case) and parameters (names lower case, values unquoted) of a Content-Type, or null when it is not one. */
export function parseMediaType(header: string): { type: string; params: Record<string, string> } | null {
  const m = MEDIA_TYPE.exec(header.trim());
  if (!m) return null;
  const params: Record<string, string> = {};
  for (const [, name, value] of m[3]!.matchAll(PARAMETER)) {
    params[name!.toLowerCase()] = value!.startsWith('"') ? value!.slice(1, -1).replace(/\\(.)/g, '$1') : value!;
  }
  return { type: `${m[1]}/${m[2]}`.toLowerCase(), params };
}

/** Whether the request carries a body (Content-Length above 0, or chunked). */
export const hasBody = (req: FastifyRequest) => req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

/**
 * onRequest hook: throws DomainError 415 `unsupported_media_type` for a body whose Content-Type is
 * not a media type, or whose JSON, form or plain text is declared in a charset other than UTF-8.
 */
export async function checkBodyMediaType(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = req.headers['content-type'];
  if (header === undefined || !hasBody(req)) return;
  const media = parseMediaType(header);
  if (!media) throw new DomainError(415, 'unsupported_media_type', 'The Content-Type header is not a valid media type.');
  const charset = media.params.charset?.toLowerCase();
  if (UTF8_ONLY.test(media.type) && charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new DomainError(415, 'unsupported_media_type', 'Send the body in UTF-8 (charset=utf-8, or no charset).', { charset: 'utf-8' });
  }
}
