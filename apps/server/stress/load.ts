import { ORIGIN } from '../test/server-process.ts';

/** A member of the load: her cookie, and what the server acknowledged to her. */
export interface LoadMember {
  id: string;
  cookie: string;
}

const json = { 'content-type': 'application/json', origin: ORIGIN };

export async function signUpSubscriber(baseUrl: string, n: number): Promise<LoadMember> {
  const email = `stress.${process.pid}.${Date.now()}.${n}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'moonlight', name: `Stress ${n}` }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.getSetCookie().find((c) => c.includes('session_token=')) ?? '').split(';')[0] ?? '';
  const { user } = (await response.json()) as { user: { id: string } };
  const paid = await fetch(`${baseUrl}/api/billing/test/complete`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: '{}',
  });
  if (!paid.ok) throw new Error(`test checkout failed: ${paid.status}`);
  return { id: user.id, cookie };
}

export async function post<T>(baseUrl: string, member: LoadMember, url: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { ...json, cookie: member.cookie },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status >= 300) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

export interface Acknowledged {
  posts: string[];
  messages: string[];
  failures: number;
}

/**
 * Each member writes a post or a message in a loop until `stop()`; every id the server acknowledged
 * (a 2xx with the new row) is recorded. Failures (the server killed mid-request) are only counted.
 */
export function runWriters(
  baseUrl: () => string,
  members: LoadMember[],
  conversations: Map<string, string>,
): { acknowledged: Acknowledged; stop(): Promise<void> } {
  const acknowledged: Acknowledged = { posts: [], messages: [], failures: 0 };
  let running = true;
  const loops = members.map(async (member, i) => {
    let n = 0;
    while (running) {
      n++;
      try {
        const conversationId = conversations.get(member.id);
        if (n % 2 === 0 && conversationId) {
          const message = await post<{ id: string }>(
            baseUrl(),
            member,
            `/api/conversations/${conversationId}/messages`,
            {
              content: `Message ${i}.${n}`,
            },
          );
          acknowledged.messages.push(message.id);
        } else {
          const created = await post<{ id: string }>(baseUrl(), member, '/api/posts', {
            title: `Post ${i}.${n}`,
            content: 'Written under load',
          });
          acknowledged.posts.push(created.id);
        }
      } catch {
        acknowledged.failures++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
  return {
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Pairs members up (0 with 1, 2 with 3, ...) in one conversation each. */
export async function pairUp(baseUrl: string, members: LoadMember[]): Promise<Map<string, string>> {
  const conversations = new Map<string, string>();
  for (let i = 0; i + 1 < members.length; i += 2) {
    const [a, b] = [members[i], members[i + 1]];
    if (!a || !b) continue;
    const { conversation } = await post<{ conversation: { id: string } }>(baseUrl, a, '/api/conversations', {
      userId: b.id,
    });
    conversations.set(a.id, conversation.id);
    conversations.set(b.id, conversation.id);
  }
  return conversations;
}
