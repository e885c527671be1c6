import { describe, expect, it } from 'vitest';
import { BOOT_TIMEOUT_MS, DEFERRED_MODULE_TYPE, deferClientScripts } from '../app/lib/deferred-boot.server';
import { LOADING_FIELD, SUBMIT_WAIT_MS, SUBMIT_WHEN_LIVE } from '../app/lib/progressive-hydration';

/** The shape React Router 7 and React 19 give a server-rendered page (preloads hoisted into <head>). */
const PAGE = [
  '<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/chunk-B.js"/>',
  '<title>Dresses</title></head><body><main>cards</main>',
  '<script>window.__reactRouterContext = {};</script>',
  '<script type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>',
  '</body></html>',
].join('');

describe('deferClientScripts (decision 0005)', () => {
  const out = deferClientScripts(PAGE);

  it('takes the module preloads out of the document', () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(PAGE.match(/modulepreload/g)).toHaveLength(2);
  });

  it('parks the module script unchanged under an inert type', () => {
    expect(out).not.toContain('<script type="module"');
    expect(out).toContain(`<script type="${DEFERRED_MODULE_TYPE}">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>`);
  });

  it('ends the body with a loader that knows the preloads, in order, and the time limit', () => {
    const loader = /<script>(\(function\(\)\{[\s\S]*?\}\)\(\);)<\/script><\/body><\/html>$/.exec(out)?.[1];
    expect(loader).toBeDefined();
    // The shared folder once, then the module names in order.
    expect(loader).toContain('base="/assets/",hrefs=["entry.client-A.js","chunk-B.js"]');
    expect(loader).toContain('l.href=base+hrefs[i]');
    expect(loader).toContain(`setTimeout(boot,${BOOT_TIMEOUT_MS})`);
    expect(loader).toContain(`script[type="${DEFERRED_MODULE_TYPE}"]`);
    // The rest of the document is untouched.
    expect(out).toContain('<main>cards</main><script>window.__reactRouterContext = {};</script>');
  });

  it('holds the submit of a form that needs the scripts until the page is live, and sends it to the server when it never is', () => {
    const signIn = deferClientScripts(PAGE.replace('<main>cards</main>', `<main><form method="post" ${SUBMIT_WHEN_LIVE}=""></form></main>`));
    const loader = /<script>(\(function\(\)\{[\s\S]*?\}\)\(\);)<\/script><\/body><\/html>$/.exec(signIn)?.[1] ?? '';
    expect(loader).toContain(`addEventListener('submit',`);
    expect(loader).toContain(`f.hasAttribute('${SUBMIT_WHEN_LIVE}')`);
    expect(loader).toContain('e.preventDefault()');
    expect(loader).toContain(`i.name='${LOADING_FIELD}'`);
    expect(loader).toContain(`},${SUBMIT_WAIT_MS});`);
    // The held form is the boot state's, for the page to send again once live.
    expect(loader).toContain('submit:null}');
    // A page without such a form does not carry that part (HTML weight, issue 12 §3).
    expect(out).not.toContain(`addEventListener('submit',`);
  });

  it('writes whole URLs when the preloads do not all share the assets folder', () => {
    const mixed = PAGE.replace('/assets/chunk-B.js', '/vendor/chunk-B.js');
    expect(deferClientScripts(mixed)).toContain('base="",hrefs=["/assets/entry.client-A.js","/vendor/chunk-B.js"]');
  });

  it('keeps a preload URL from closing the loader script', () => {
    const hostile = PAGE.replace('/assets/chunk-B.js', '/assets/</script><b>x.js');
    expect(deferClientScripts(hostile)).not.toContain('</script><b>');
  });

  it('leaves a document without React Router scripts as it is', () => {
    const plain = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/x.js"/></head><body></body></html>';
    expect(deferClientScripts(plain)).toBe(plain);
  });
});
