/**
 * Member Markdown as a line of plain text, for places that show an excerpt rather than the rendered text
 * (search snippets): mentions read "@Name", links their label, and the marks of emphasis, code, quotes,
 * lists and headings go. An excerpt may cut a link or a mention in two, so the halves are cleaned too.
 * Characters outside Markdown (the search's highlight marks among them) are kept as they are.
 */
export function plainTextOf(markdown: string): string {
  return (
    markdown
      // A mention (its "@" stays before it), a link or an image, whole: its label.
      .replace(/!?\[([^[\]\n]*)\]\((?:member:[\w-]+|[^)\s]*)\)/g, '$1')
      // The half of one an excerpt left: its address, or an opening bracket with nothing to close it.
      .replace(/\]\((?:member:[\w-]*|[^)\s]*)\)?/g, '')
      .replace(/@\[/g, '@')
      .replace(/!?\[(?=[^\]]*$)/g, '')
      // Code fences and inline code marks.
      .replace(/`{3,}[\w-]*/g, ' ')
      .replace(/`/g, '')
      // Bold and italic marks (an underscore inside a word, as in snake_case, stays).
      .replace(/\*{1,3}/g, '')
      .replace(/(^|[^\p{L}\p{N}])_{1,3}|_{1,3}(?=[^\p{L}\p{N}]|$)/gu, '$1')
      // Quote, list and heading marks at the start of a line.
      .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
      .replace(/^[ \t]*(?:[-+]|\d{1,9}[.)])[ \t]+/gm, '')
      .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
