/**
 * Server entry: renders a page with React to one complete HTML document and returns it after
 * {@link deferClientScripts} (decision 0005). The storefront's loaders resolve before render
 * (no streamed `<Await>` data), so waiting for the whole document (React's `onAllReady`) costs
 * no early bytes, and the rewrite works on the complete text. HEAD requests get the headers only
 * (RFC 9110 §9.3.2).
 */
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { deferClientScripts } from './lib/deferred-boot.server';
import { NonceContext } from './lib/nonce';

/** Milliseconds after which an unfinished render is aborted (React Router's default is 5 s). */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
): Promise<Response> | Response {
  // Every inline script of the page carries this response's CSP nonce (server/app.ts sets the header).
  const nonce = loadContext?.cspNonce ?? '';
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const app = (
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: nonce || undefined,
      onAllReady() {
        shellRendered = true;
        const body = new PassThrough();
        pipe(body);
        text(body).then((html) => {
          clearTimeout(timer);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(deferClientScripts(html, nonce), { headers: responseHeaders, status }));
        }, reject);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // Errors before the shell is rendered reach React Router's own handler, which logs them.
        if (shellRendered) console.error(error);
      },
    });
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** The layout's shared static data, read by the web server for `/page-data/sq/d/…` and `/slice-data/…` (server/page-data.ts). */
export { STATIC_DATA as staticData } from './lib/static-data.server';
