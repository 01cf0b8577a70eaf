import { PAGE_BOOT_ELEMENT_ID, type PageBoot } from '@lunara/shared/page-boot';

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
  // A prerendered page is painted without its scripts: they download after the CSS and fonts.
  const lowPriorityHead = head.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
  const middle = indexHtml.slice(headEnd, rootStart);
  // The browser hydrates a prerendered page (main.tsx) instead of drawing it again.
  const prerenderedMiddle = `${middle.slice(0, -1)} data-prerendered="">`;
  const loading = indexHtml.slice(rootStart, rootEnd);
  const tail = indexHtml.slice(rootEnd);
  return ({ boot, preloads, body }: PageParts): string => {
    const priority = body ? ' fetchpriority="low"' : '';
    const links = preloads.map((file) => `<link rel="modulepreload"${priority} crossorigin href="${file}">`).join('');
    const bootScript = boot
      ? `<script id="${PAGE_BOOT_ELEMENT_ID}" type="application/json">${scriptSafeJson(boot)}</script>`
      : '';
    return `${body ? lowPriorityHead : head}${links}${bootScript}${body ? prerenderedMiddle : middle}${body || loading}${tail}`;
  };
}
