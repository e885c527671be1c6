/**
 * Scripts after the first screen (decision 0005). React Router's `<Scripts />` emits module
 * preloads (React hoists them into `<head>`) and an inline module script whose static imports
 * fetch the whole client graph at once, in competition with the page's own first screen:
 * Lighthouse's simulation (slow 4G, Lantern) counts every high-priority script that finished
 * before the first paint as render-blocking, and a real phone on a slow link spends the
 * bandwidth on JavaScript before the hero images. This transform makes the document paint
 * first: the preloads are taken out of the HTML, the module script is kept as inert text
 * (`type="text/x-deferred-module"`), and a small classic script starts both once the browser
 * reports the first contentful paint (Paint Timing; a frame later where that is not supported)
 * and the page's high-priority images (`fetchpriority="high"`, the likely LCP) have arrived,
 * at the shopper's first interaction if that comes sooner, and after {@link BOOT_TIMEOUT_MS}
 * at the latest. Until then links and GET forms work as plain HTML, a tap on a button is
 * remembered and replayed once the page is live ({@link BOOT_STATE}), and so is the submit of a
 * form that needs the scripts ({@link SUBMIT_WHEN_LIVE}: held, the page booted at once, sent to
 * the server after all when it is not live within {@link SUBMIT_WAIT_MS}, with {@link LOADING_FIELD}).
 */

import { BOOT_STATE, LOADING_FIELD, SUBMIT_WAIT_MS, SUBMIT_WHEN_LIVE } from './progressive-hydration';

/** The inert type the module script is parked under until {@link BOOT_SCRIPT} starts it. */
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';

/** Upper bound (ms) between the document's parse and the start of the client scripts. */
export const BOOT_TIMEOUT_MS = 3000;

/**
 * Module preloads added per task: each costs the main thread a request (about 1 ms on a 2-core
 * machine, 4× that in Lighthouse's simulation), so they are spread over tasks.
 */
const PRELOADS_PER_TASK = 6;

/** Where Vite writes the client's modules (build.assetsDir under the site root). */
const ASSETS = '/assets/';

const PRELOAD_RE = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const MODULE_SCRIPT_RE = /<script(?: nonce="[^"]*")? type="module" async="">/;

/**
 * The boot loader, a classic inline script placed at the end of <body>. `hrefs` are the module
 * preloads taken out of <head>; they are added back right after the module script starts, a
 * few per task, so the client graph still loads in parallel rather than import by import.
 */
function bootScript(hrefs: string[], holdSubmits: boolean): string {
  // The folder all preloads share (Vite's `/assets/`) is written once, not 30 times a page.
  const base = hrefs.length > 0 && hrefs.every((h) => h.startsWith(ASSETS)) ? ASSETS : '';
  const names = hrefs.map((h) => h.slice(base.length));
  return `(function(){var me=document.currentScript,nonce=me&&me.nonce||'',started=false,base=${JSON.stringify(base)},hrefs=${JSON.stringify(names).replace(/</g, '\\u003c')};
function preload(from){var h=document.head;for(var i=from;i<hrefs.length&&i<from+${PRELOADS_PER_TASK};i++){var l=document.createElement('link');l.rel='modulepreload';if(nonce)l.nonce=nonce;l.href=base+hrefs[i];h.appendChild(l);}
if(i<hrefs.length)setTimeout(function(){preload(i);},0);}
function boot(){if(started)return;started=true;
var parked=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!parked)return;
var s=document.createElement('script');s.type='module';if(nonce)s.nonce=nonce;s.textContent=parked.textContent;document.head.appendChild(s);setTimeout(function(){preload(0);},0);}
function afterPaint(){var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(types.indexOf('paint')<0){requestAnimationFrame(function(){setTimeout(boot,0);});return;}
new PerformanceObserver(function(list,obs){if(list.getEntriesByName('first-contentful-paint').length){obs.disconnect();setTimeout(boot,0);}}).observe({type:'paint',buffered:true});}
var imgs=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),function(i){return !i.complete;}),n=imgs.length;
function one(){if(--n===0)afterPaint();}
if(n===0)afterPaint();else imgs.forEach(function(i){i.addEventListener('load',one);i.addEventListener('error',one);});
['pointerdown','keydown','touchstart','focusin'].forEach(function(t){addEventListener(t,boot,{capture:true,passive:true,once:true});});
var q=window.${BOOT_STATE}={live:false,click:null,submit:null};
addEventListener('click',function(e){if(q.live)return;var b=e.target&&e.target.closest&&e.target.closest('button');if(b&&!b.form&&!b.disabled)q.click=b;},true);
${holdSubmits ? HOLD_SUBMITS : ''}setTimeout(boot,${BOOT_TIMEOUT_MS});})();`;
}

/**
 * The boot loader's part for a page with a {@link SUBMIT_WHEN_LIVE} form (sign-in): such a submit
 * before the page is live is held, the page booted at once, and the form sent to the server after
 * all when the page is not live within {@link SUBMIT_WAIT_MS}. Only pages holding such a form
 * carry it (about 440 bytes a page otherwise; issue 12 §3, HTML weight).
 */
const HOLD_SUBMITS = `addEventListener('submit',function(e){var f=e.target;if(q.live||!f||!f.hasAttribute||!f.hasAttribute('${SUBMIT_WHEN_LIVE}'))return;e.preventDefault();if(q.submit)return;
q.submit={form:f,submitter:e.submitter||null};f.setAttribute('aria-busy','true');boot();
setTimeout(function(){if(q.live||!q.submit||q.submit.form!==f)return;q.submit=null;f.removeAttribute('aria-busy');var i=document.createElement('input');i.type='hidden';i.name='${LOADING_FIELD}';i.value='1';f.appendChild(i);HTMLFormElement.prototype.submit.call(f);},${SUBMIT_WAIT_MS});},true);
`;

/**
 * Rewrites a server-rendered document so its client scripts start after the first screen (see
 * the module comment). Shape in: the full HTML of one page as React Router renders it; out: the
 * same HTML without `<link rel="modulepreload">` tags, with the inline module script parked
 * under {@link DEFERRED_MODULE_TYPE} and the boot loader before `</body>`. A document without
 * React Router's module script (e.g. an error rendered outside the router) is returned as is.
 * `nonce` (the response's Content-Security-Policy nonce, base64) goes on the boot loader, which
 * passes it on to the module script it starts, so a strict `script-src` without 'unsafe-inline'
 * admits them (issue 13 finding 6).
 */
export function deferClientScripts(html: string, nonce = ''): string {
  if (!MODULE_SCRIPT_RE.test(html)) return html;
  const hrefs: string[] = [];
  const withoutPreloads = html.replace(PRELOAD_RE, (_tag, href: string) => {
    hrefs.push(href);
    return '';
  });
  const parked = withoutPreloads.replace(MODULE_SCRIPT_RE, `<script type="${DEFERRED_MODULE_TYPE}">`);
  const end = parked.lastIndexOf('</body>');
  const loader = `<script${nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : ''}>${bootScript(hrefs, html.includes(`${SUBMIT_WHEN_LIVE}=`))}</script>`;
  return end < 0 ? parked + loader : parked.slice(0, end) + loader + parked.slice(end);
}
