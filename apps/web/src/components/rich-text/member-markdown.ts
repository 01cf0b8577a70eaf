import { MENTION_URL } from '@lunara/shared/mentions';

/**
 * A remark plugin for what members write: it runs on the parsed Markdown before it becomes HTML.
 * - Raw HTML is shown as the text she typed (`<b>` stays "<b>"), not dropped: nothing she wrote vanishes.
 * - A line break she typed is a line break, as in a chat, not a space as Markdown would have it.
 * - `@[Name](member:<id>)` becomes "@Name" linking to her profile, marked as a mention.
 */

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  data?: { hProperties?: Record<string, unknown> };
}

/** The address parameter that opens a member's profile on the community pages (a mention's link). */
export const PROFILE_PARAM = 'member';

/** Where a mention leads: the community page opens the member's profile from `?member=`. */
export const mentionHref = (userId: string) => `/community?${PROFILE_PARAM}=${encodeURIComponent(userId)}`;

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'link', 'delete']);

function transform(parent: MdNode) {
  const children = parent.children;
  if (!children) return;
  const next: MdNode[] = [];
  for (const child of children) {
    if (child.type === 'html') {
      const lines = splitLines(child.value ?? '');
      // HTML on lines of its own is a block; as text it needs a paragraph around it.
      next.push(...(PHRASING_PARENTS.has(parent.type) ? lines : [{ type: 'paragraph', children: lines }]));
      continue;
    }
    if (child.type === 'text') {
      next.push(...splitLines(child.value ?? ''));
      continue;
    }
    const mention = child.type === 'link' ? MENTION_URL.exec(child.url ?? '') : null;
    if (mention) {
      const previous = next.at(-1);
      // The "@" before the token belongs to the mention, inside the link.
      if (previous?.type === 'text' && previous.value?.endsWith('@')) {
        previous.value = previous.value.slice(0, -1);
        if (!previous.value) next.pop();
      }
      child.url = mentionHref(mention[1] as string);
      child.children = [{ type: 'text', value: `@${textOf(child)}` }];
      child.data = { ...child.data, hProperties: { className: 'mention', 'data-mention': mention[1] } };
      next.push(child);
      continue;
    }
    transform(child);
    next.push(child);
  }
  parent.children = next;
}

function splitLines(value: string): MdNode[] {
  const parts = value.split('\n');
  return parts.flatMap((part, index) => {
    const nodes: MdNode[] = index > 0 ? [{ type: 'break' }] : [];
    if (part) nodes.push({ type: 'text', value: part });
    return nodes;
  });
}

const textOf = (node: MdNode): string =>
  node.type === 'text' || node.type === 'inlineCode' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');

export function remarkMemberText() {
  return (tree: MdNode) => transform(tree);
}
