import { createHash } from 'node:crypto';
import { PAGE_BOOT_ELEMENT_ID, type PageBoot } from '@lunara/shared/page-boot';

/**
 * On a prerendered page, the app's code is requested only once the page has been painted (decision
 * 011): the first frame waits for the HTML and the CSS alone, and the code does not compete with them
 * for the connection. rAF runs when the first frame is drawn (never earlier, as the CSS blocks
 * rendering); the timeout after it, once it is on screen. The second timeout starts the code anyway
 * where frames are not drawn (a background tab). Inline, so that it costs no request: the CSP allows
 * this exact text by its hash. The entry goes first, its files' preloads after it, eight per task: each
 * costs the main thread about 0.5 ms (2 ms on a phone), and the 64 of /community at once were one task
 * of 145 ms on a 4x slower CPU, blocking her taps (Lighthouse's total blocking time).
 *
 * Until React has taken the page over, a button shows but does nothing: the loader keeps the last button
 * pressed meanwhile (and stops a form's native submit), or the last Enter in a field (Shift+Enter in a
 * text area is a new line, and goes through). `window.__lunaraHydrated`, which the router calls once the
 * page is hydrated (web app/router.tsx), presses it again (the same element: hydration keeps the
 * server's nodes: a button's click; an input's form is submitted, as Enter would have; a text area gets
 * the key, for the handler that sends on Enter) once it is live: React's fiber for it is in the tree
 * React has committed (its root's current tree). The browser loads the code of the parts the server drew
 * before it hydrates (decision 039), but a part whose code could not be had then hydrates after the page,
 * and React marks an element as it hydrates it, before it commits.
 * For ten seconds after the page, a press on a button not yet live is kept the same way; then the loader
 * stops. Should React ever mark its elements otherwise (the page's first element not live once
 * hydrated), the loader presses the kept button at once and stops, as it did before it waited for
 * buttons to be live. Text typed into a field meanwhile is handed to React by the field itself (web
 * lib/use-typed-before-hydration.ts).
 * A link needs none of this: it works before, as a plain link.
 */
export const PAGE_LOADER_SCRIPT =
  "(function(s,d,w){var kept=null,until=0;function live(e){var k=Object.keys(e).filter(function(n){return n.indexOf('__reactFiber')===0})[0],f=k&&e[k];return !!f&&[f,f.alternate].some(function(x){while(x&&x.return)x=x.return;return !!x&&!!x.stateNode&&x.stateNode.current===x})}function keep(e){var b=e.target&&e.target.closest?e.target.closest('button'):null;if(!b||b.disabled||live(b))return;e.preventDefault();e.stopPropagation();kept=b;if(until)settle()}function enter(e){var f=e.target,t=f&&f.tagName;if(e.key!=='Enter'||e.isComposing||!(t==='INPUT'||(t==='TEXTAREA'&&!e.shiftKey))||live(f))return;e.preventDefault();e.stopPropagation();kept={f:f,c:e.ctrlKey,m:e.metaKey,s:e.shiftKey};if(until)settle()}function stop(){d.removeEventListener('click',keep,true);d.removeEventListener('keydown',enter,true);kept=null}function press(b){if(!b.f){if(!b.disabled)b.click();return}var f=b.f;if(f.tagName==='INPUT'&&f.form){f.form.requestSubmit();return}f.dispatchEvent(new KeyboardEvent('keydown',{key:'Enter',code:'Enter',bubbles:true,cancelable:true,ctrlKey:b.c,metaKey:b.m,shiftKey:b.s}))}function settle(){var b=kept,el=b&&(b.f||b);if(el&&!el.isConnected)kept=null;else if(el&&live(el)){kept=null;press(b)}if(Date.now()>=until)stop();else if(kept)setTimeout(settle,50)}d.addEventListener('click',keep,true);d.addEventListener('keydown',enter,true);w.__lunaraHydrated=function(){if(until)return;until=Date.now()+10000;var r=d.getElementById('root'),c=r&&r.firstElementChild;if(!c||!live(c)){var b=kept;stop();if(b)press(b);return}setTimeout(stop,10000);settle()};var done=0;function go(){if(done++)return;var m=d.createElement('script'),h=(s.dataset.preload||'').split(' ').filter(Boolean);m.type='module';m.crossOrigin='';m.src=s.dataset.entry;d.head.appendChild(m);(function more(){h.splice(0,8).forEach(function(x){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=x;d.head.appendChild(l)});if(h.length)setTimeout(more,0)})()}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,3000)})(document.currentScript,document,window)";

/** The CSP source that allows PAGE_LOADER_SCRIPT, and no other inline script. */
export const PAGE_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(PAGE_LOADER_SCRIPT).digest('base64')}'`;

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** JSON that cannot end the script element it sits in (`</script>` in a bio, say). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export interface PageParts {
  boot: PageBoot | null;
  /** Files to preload with the page (modulepreload). */
  preloads: string[];
  /** The page rendered on the server, in place of index.html's loading state. */
  body?: string | null | undefined;
}

/**
 * index.html with what the server knows about a request: modulepreload links and the boot data in its
 * head, and the prerendered page in #root. The template is cut once; each page is a few concatenations.
 */
export function createPageTemplate(indexHtml: string) {
  const headEnd = indexHtml.indexOf('</head>');
  const rootOpen = '<div id="root">';
  const rootStart = indexHtml.indexOf(rootOpen) + rootOpen.length;
  const rootEnd = indexHtml.lastIndexOf('</div>', indexHtml.indexOf('</body>'));
  if (headEnd < 0 || rootStart < rootOpen.length || rootEnd < rootStart) {
    throw new Error('index.html needs a </head> and a <div id="root"> as the last element of its body');
  }
  const head = indexHtml.slice(0, headEnd);
  const middle = indexHtml.slice(headEnd, rootStart);
  // The browser hydrates a prerendered page (main.tsx) instead of drawing it again.
  const prerenderedMiddle = `${middle.slice(0, -1)} data-prerendered="">`;
  const loading = indexHtml.slice(rootStart, rootEnd);
  const tail = indexHtml.slice(rootEnd);
  // A prerendered page's head: the entry script and its preloads become the loader, in the same place.
  const entry = MODULE_SCRIPT.exec(head);
  const headPreloads = [...head.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const [beforeEntry = head, afterEntry = ''] = entry ? head.replace(MODULE_PRELOAD, '').split(entry[0]) : [];
  const loader = (preloads: string[]) =>
    entry
      ? `<script data-entry="${entry[1]}" data-preload="${[...headPreloads, ...preloads].join(' ')}">${PAGE_LOADER_SCRIPT}</script>`
      : '';
  return ({ boot, preloads, body }: PageParts): string => {
    const bootScript = boot
      ? `<script id="${PAGE_BOOT_ELEMENT_ID}" type="application/json">${scriptSafeJson(boot)}</script>`
      : '';
    if (body) return `${beforeEntry}${loader(preloads)}${afterEntry}${bootScript}${prerenderedMiddle}${body}${tail}`;
    const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
    return `${head}${links}${bootScript}${middle}${loading}${tail}`;
  };
}
