import type { CircleDetail } from '@lunara/shared/circles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CircleView } from './circle-view.tsx';

const member: CircleDetail = {
  id: '6f1c2a8e-1111-4a4a-8a8a-000000000001',
  name: 'Dark Moon Weavers',
  type: 'open',
  description: 'Spinning and stories.',
  focusArea: 'Fibre arts',
  maxMembers: 20,
  memberCount: 5,
  hosts: [{ userId: 'h1', displayName: 'Selene Host', avatarUrl: null }],
  isMember: true,
  myStatus: 'approved',
  myRole: 'member',
  canSeeInside: true,
  canModerate: false,
  canScheduleEvents: false,
  canAssignHosts: false,
  conversationId: 'c1',
};
const outsider: CircleDetail = {
  ...member,
  isMember: false,
  myStatus: null,
  myRole: null,
  canSeeInside: false,
  conversationId: null,
};
/** What the server sends an outsider of a private circle: its name, its type and her request. */
const privateOutsider: CircleDetail = {
  ...outsider,
  type: 'private',
  description: null,
  focusArea: null,
  maxMembers: null,
  memberCount: null,
  hosts: [],
};

const render = (circle: CircleDetail, url = `/community/circles/${circle.id}`) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouter location={url}>
        <CircleView circle={circle} viewer={{ id: 'me', role: 'user' }} onOpenProfile={() => {}} onLeft={() => {}} />
      </StaticRouter>
    </QueryClientProvider>,
  );

describe('a circle’s page', () => {
  it('shows an outsider of a private circle its name and a request, nothing of its inside', () => {
    const html = render(privateOutsider);
    expect(html).toContain('Dark Moon Weavers');
    expect(html).toContain('Private Circle');
    expect(html).toContain('Request Invitation');
    expect(html).not.toContain('Circle sections');
    expect(html).not.toContain('members');
  });

  it('shows an outsider of an open circle its outside and says members see the rest', () => {
    const html = render(outsider);
    expect(html).toContain('Spinning and stories.');
    expect(html).toContain('Focus: Fibre arts');
    expect(html).toContain('5/20 members');
    expect(html).toContain('Selene Host');
    expect(html).toContain('Its members see its feed, chat and events.');
    expect(html).toContain('>Join<');
    expect(html).not.toContain('Circle sections');
  });

  it('gives a member the feed, chat, events and members tabs, and Requests only to those who decide them', () => {
    const html = render(member);
    expect(html).toContain('aria-label="Circle sections"');
    for (const tab of ['Feed', 'Chat', 'Events', 'Members']) expect(html).toContain(`>${tab}</button>`);
    expect(html).not.toContain('>Requests</button>');
    expect(html).toContain('Leave Dark Moon Weavers');
    expect(render({ ...member, myRole: 'host', canModerate: true })).toContain('>Requests</button>');
  });

  it('tells staff outside the chat that it is the members’ own', () => {
    const staff = { ...member, isMember: false, myStatus: null, myRole: null, canModerate: true, conversationId: null };
    const html = render(staff, `/community/circles/${member.id}?tab=chat`);
    expect(html).toContain('The chat is for the circle&#x27;s members');
    expect(html).not.toContain('Group conversation');
  });
});
