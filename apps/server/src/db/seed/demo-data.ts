import { levelForPoints, POINTS } from '@lunara/shared/points';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { user } from '../schema/auth.ts';
import { circleEvents, circleMemberships, circles, eventRsvps } from '../schema/circles.ts';
import { pointsLedger, postComments, postLikes, posts, userPoints } from '../schema/community.ts';
import { forumCategories, forumReplies, forumTopics } from '../schema/forums.ts';
import { profiles } from '../schema/members.ts';
import { conversationMembers, conversations, messages } from '../schema/messages.ts';
import { stableId } from './stable-id.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Demo members have no credential account, so nobody can sign in as them; their emails use the
 * reserved .invalid domain so no mail can ever reach a real person.
 */
const MEMBERS = [
  { key: 'luna', name: 'Luna Rivera', bio: 'Moon-lover, herbalist and mother of two. Here to grow with you.' },
  { key: 'maya', name: 'Maya Thompson', bio: 'Yoga teacher learning to slow down and listen to my cycles.' },
  { key: 'aria', name: 'Aria Chen', bio: 'Energy healing student. Tea, tarot and long walks by the sea.' },
  { key: 'sofia', name: 'Sofia Okafor', bio: 'Healing my lineage one ritual at a time.' },
  { key: 'isabella', name: 'Isabella Grace', bio: 'Spiritual bath enthusiast and recovering perfectionist.' },
] as const;
type MemberKey = (typeof MEMBERS)[number]['key'];

const memberId = (key: MemberKey) => `demo-${key}`;

const POSTS = [
  {
    key: 'welcome',
    author: 'luna',
    category: 'general',
    hoursAgo: 50,
    title: 'So grateful to have found this circle 🌙',
    content:
      'I joined last week and already feel held. Tonight I am doing my first new moon intention ritual from the Rituals page. Who else is joining me?',
  },
  {
    key: 'goals',
    author: 'maya',
    category: 'goals',
    hoursAgo: 30,
    title: 'My Goddess Goals for this season',
    content:
      'After the lesson on lunar cycles I rewrote my goals around my inner seasons. Rest is now ON the plan, not an afterthought. It feels radical.',
  },
  {
    key: 'healing',
    author: 'sofia',
    category: 'healing',
    hoursAgo: 20,
    title: 'The somatic release practice moved something',
    content:
      'I cried through the shaking practice and then felt lighter than I have in months. Sending love to anyone else walking the Detox Your Trauma path.',
  },
  {
    key: 'bath',
    author: 'isabella',
    category: 'beauty',
    hoursAgo: 9,
    title: 'Full moon bath recipe to share',
    content:
      'Two handfuls of Epsom salt, dried rose petals, a few sprigs of lavender and a drop of frankincense. Candlelight only. Pure magic.',
  },
  {
    key: 'tea',
    author: 'aria',
    category: 'rituals',
    hoursAgo: 3,
    title: 'Morning tea ritual',
    content:
      'Every morning I hold my cup with both hands and name one thing I am grateful for before the first sip. Small, but it changes my whole day.',
  },
] as const;

const COMMENTS = [
  {
    post: 'welcome',
    author: 'maya',
    hoursAgo: 49,
    content: 'Welcome, Luna! I will be lighting a candle with you tonight 🕯️',
  },
  { post: 'welcome', author: 'aria', hoursAgo: 48, content: 'So happy you are here. This community is such a gift.' },
  { post: 'goals', author: 'sofia', hoursAgo: 28, content: 'Rest on the plan! I needed to read this today.' },
  { post: 'goals', author: 'luna', hoursAgo: 27, content: 'Yes to this. Would love to hear how it feels in a month.' },
  {
    post: 'healing',
    author: 'isabella',
    hoursAgo: 18,
    content: 'Holding you in my heart, Sofia. Thank you for sharing.',
  },
  { post: 'bath', author: 'luna', hoursAgo: 8, content: 'Saving this for the next full moon!' },
  { post: 'bath', author: 'aria', hoursAgo: 7, content: 'Frankincense is such a beautiful touch.' },
  { post: 'tea', author: 'maya', hoursAgo: 2, content: 'Beautiful. I am stealing this ritual 💛' },
] as const;

const LIKES: Array<[post: (typeof POSTS)[number]['key'], member: MemberKey]> = [
  ['welcome', 'maya'],
  ['welcome', 'aria'],
  ['welcome', 'sofia'],
  ['goals', 'luna'],
  ['goals', 'isabella'],
  ['healing', 'luna'],
  ['healing', 'maya'],
  ['healing', 'aria'],
  ['healing', 'isabella'],
  ['bath', 'sofia'],
  ['bath', 'maya'],
  ['tea', 'isabella'],
];

const TOPICS = [
  {
    key: 'intro',
    category: 'sisterhood-introductions',
    author: 'aria',
    hoursAgo: 72,
    isPinned: true,
    title: 'Introduce yourself here 🌸',
    content: 'Tell us your name, where you are in the world and what brought you to the Sisterhood.',
    replies: [
      {
        author: 'luna',
        hoursAgo: 70,
        content: 'Luna from Lisbon! Brought here by a love of the moon and a need for sisterhood.',
      },
      {
        author: 'isabella',
        hoursAgo: 40,
        content: 'Isabella from Toronto. I came for the baths and stayed for all of you.',
      },
    ],
  },
  {
    key: 'cycle-tracking',
    category: 'moon-wisdom',
    author: 'maya',
    hoursAgo: 60,
    isPinned: false,
    title: 'How do you track your cycle alongside the moon?',
    content: 'Do you use an app, a paper journal, or something else? I would love to see your methods.',
    replies: [
      {
        author: 'sofia',
        hoursAgo: 55,
        content: 'A simple paper moon wheel, coloured in each day. It became a meditation.',
      },
    ],
  },
  {
    key: 'vision-board',
    category: 'manifestation-goals',
    author: 'luna',
    hoursAgo: 26,
    isPinned: false,
    title: 'Vision boards: digital or paper?',
    content: 'I am making one for the new season and cannot decide. What works for you?',
    replies: [],
  },
  {
    key: 'lesson-question',
    category: 'questions-support',
    author: 'isabella',
    hoursAgo: 12,
    isPinned: false,
    title: 'Where do I find the lesson downloads?',
    content: 'I finished the first lesson of Spiritual Baths. Is there a printable herb guide?',
    replies: [{ author: 'aria', hoursAgo: 10, content: 'It is in the lesson description, just under the video!' }],
  },
] as const;

const EVENTS = [
  {
    key: 'new-moon-gathering',
    circle: 'new-moon-manifesters',
    daysAhead: 1,
    hour: 18,
    durationMinutes: 60,
    isVirtual: true,
    title: 'New Moon Intention Circle',
    description: 'Gather online to set intentions for the new cycle, with a guided meditation and sharing.',
    maxAttendees: 30,
    attendees: ['luna', 'maya', 'aria'],
  },
  {
    key: 'bath-workshop',
    circle: 'spiritual-bath-alchemists',
    daysAhead: 3,
    hour: 19,
    durationMinutes: 90,
    isVirtual: true,
    title: 'Spiritual Bath Crafting Workshop',
    description: 'Bring your herbs and salts: we craft a full moon bath blend together, step by step.',
    maxAttendees: 20,
    attendees: ['isabella', 'sofia'],
  },
  {
    key: 'full-moon-walk',
    circle: 'full-moon-release-circle',
    daysAhead: 8,
    hour: 20,
    durationMinutes: 120,
    isVirtual: false,
    title: 'Full Moon Release Walk',
    description: 'A slow, silent walk under the full moon, ending with a release ceremony by the water.',
    maxAttendees: 25,
    attendees: ['luna'],
  },
  {
    key: 'goals-study',
    circle: 'goddess-goals-study-circle',
    daysAhead: 15,
    hour: 17,
    durationMinutes: 75,
    isVirtual: true,
    title: 'Goddess Goals Study Session',
    description: 'We go through "Creating Your Sacred Timeline" together and share our timelines.',
    maxAttendees: null,
    attendees: ['maya', 'sofia'],
  },
] as const;

/** Approved memberships; a third item names the member a host of that circle (admins' choice). */
const CIRCLE_MEMBERS: Array<[circle: string, member: MemberKey, role?: 'host']> = [
  ['new-moon-manifesters', 'luna', 'host'],
  ['new-moon-manifesters', 'maya'],
  ['new-moon-manifesters', 'aria'],
  ['new-moon-manifesters', 'sofia'],
  ['spiritual-bath-alchemists', 'isabella', 'host'],
  ['spiritual-bath-alchemists', 'sofia'],
  ['goddess-goals-study-circle', 'maya'],
  ['goddess-goals-study-circle', 'sofia'],
  ['energy-healers-collective', 'aria'],
  ['full-moon-release-circle', 'luna'],
];

/** A lived-in circle (issue 34): its own feed, a circle-only gathering and its chat, seen by its members. */
const CIRCLE_PLACE = 'new-moon-manifesters';
const CIRCLE_POSTS = [
  {
    key: 'circle-intentions',
    author: 'luna',
    hoursAgo: 40,
    isPinned: true,
    title: 'Our intentions for this cycle',
    content:
      'Welcome to our circle, sisters. Share one intention for this new moon below, and we will hold each other to it until the full moon.',
  },
  {
    key: 'circle-altar',
    author: 'aria',
    hoursAgo: 22,
    isPinned: false,
    title: 'My new moon altar',
    content: 'Black candle, moonstone, a bowl of water and my journal. Simple this time, and it feels right.',
  },
  {
    key: 'circle-check-in',
    author: 'maya',
    hoursAgo: 11,
    isPinned: false,
    title: 'Halfway check-in',
    content:
      'How are your intentions going? Mine was "rest before I am tired", and I have kept it four days out of six.',
  },
  {
    key: 'circle-journal-prompt',
    author: 'sofia',
    hoursAgo: 4,
    isPinned: false,
    title: 'A journal prompt for tonight',
    content: 'What would I plant if I knew it would grow? Writing on it by candlelight tonight, join me if you like.',
  },
] as const;
const CIRCLE_COMMENTS = [
  { post: 'circle-intentions', author: 'maya', hoursAgo: 39, content: 'To rest before I am tired 🌑' },
  { post: 'circle-intentions', author: 'sofia', hoursAgo: 38, content: 'To say no kindly, and mean it.' },
  { post: 'circle-check-in', author: 'luna', hoursAgo: 10, content: 'Four out of six is beautiful, Maya.' },
] as const;
const CIRCLE_LIKES: Array<[post: (typeof CIRCLE_POSTS)[number]['key'], member: MemberKey]> = [
  ['circle-intentions', 'maya'],
  ['circle-intentions', 'aria'],
  ['circle-intentions', 'sofia'],
  ['circle-altar', 'luna'],
  ['circle-check-in', 'sofia'],
];
const CIRCLE_EVENT = {
  key: 'circle-new-moon-sharing',
  daysAhead: 5,
  hour: 19,
  durationMinutes: 45,
  title: 'New Moon Sharing (circle only)',
  description: 'Just us: each sister shares her intention and how the last cycle went. Cameras optional.',
  maxAttendees: 12,
  attendees: ['luna', 'maya', 'sofia'] as MemberKey[],
};
const CIRCLE_CHAT = [
  { from: 'luna', minutesAgo: 300, content: 'Good morning, moon sisters 🌙 Who is joining the sharing on Friday?' },
  { from: 'maya', minutesAgo: 290, content: 'Me! I will bring my journal.' },
  { from: 'aria', minutesAgo: 120, content: 'I will be there too. Lighting a candle for all of you tonight.' },
] as const;

const CONVERSATION = {
  between: ['luna', 'maya'] as const,
  messages: [
    { from: 'maya', minutesAgo: 180, content: 'Hi Luna! Are you joining the new moon circle tomorrow?' },
    {
      from: 'luna',
      minutesAgo: 170,
      content: 'Yes! I have my candle and journal ready. Will you share your intentions?',
    },
    { from: 'maya', minutesAgo: 160, content: 'I will. It feels good to do this together 🌙' },
  ],
} as const;

const postId = (key: string) => stableId(`demo-post:${key}`);
const topicId = (key: string) => stableId(`demo-topic:${key}`);
const eventId = (key: string) => stableId(`demo-event:${key}`);
const circleId = (key: string) => stableId(`circle:${key}`);

/** `hours` before now, to the whole minute. */
const ago = (now: Date, hours: number) => new Date(Math.floor((now.getTime() - hours * HOUR) / 60_000) * 60_000);

function upcoming(now: Date, daysAhead: number, hourUtc: number): Date {
  const date = new Date(now.getTime() + daysAhead * DAY);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date;
}

/**
 * A small living community so the app can be explored at once. Rows have stable ids: seeding again
 * adds nothing, and what members changed is left alone. Dates are relative to the first seeding.
 */
export async function seedDemoData(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(user)
      .values(
        MEMBERS.map((member) => ({
          id: memberId(member.key),
          name: member.name,
          email: `${member.key}@demo.lunara.invalid`,
          emailVerified: true,
          createdAt: ago(now, 24 * 14),
        })),
      )
      .onConflictDoNothing();
    for (const member of MEMBERS) {
      await tx
        .update(profiles)
        .set({ displayName: member.name, bio: member.bio })
        .where(sql`${profiles.id} = ${memberId(member.key)} and ${profiles.bio} is null`);
    }

    await tx
      .insert(posts)
      .values(
        POSTS.map((post) => ({
          id: postId(post.key),
          userId: memberId(post.author),
          title: post.title,
          content: post.content,
          category: post.category,
          createdAt: ago(now, post.hoursAgo),
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(postComments)
      .values(
        COMMENTS.map((comment, index) => ({
          id: stableId(`demo-comment:${index}`),
          postId: postId(comment.post),
          userId: memberId(comment.author),
          content: comment.content,
          createdAt: ago(now, comment.hoursAgo),
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(postLikes)
      .values(LIKES.map(([post, member]) => ({ postId: postId(post), userId: memberId(member) })))
      .onConflictDoNothing();

    const categories = await tx.select({ id: forumCategories.id, slug: forumCategories.slug }).from(forumCategories);
    const categoryId = (slug: string) => {
      const found = categories.find((category) => category.slug === slug);
      if (!found) throw new Error(`Forum category ${slug} is not seeded`);
      return found.id;
    };
    for (const topic of TOPICS) {
      const lastReply = topic.replies.at(-1);
      await tx
        .insert(forumTopics)
        .values({
          id: topicId(topic.key),
          categoryId: categoryId(topic.category),
          userId: memberId(topic.author),
          title: topic.title,
          content: topic.content,
          isPinned: topic.isPinned,
          createdAt: ago(now, topic.hoursAgo),
          lastReplyAt: lastReply ? ago(now, lastReply.hoursAgo) : null,
          lastReplyUserId: lastReply ? memberId(lastReply.author) : null,
          lastActivityAt: ago(now, lastReply ? lastReply.hoursAgo : topic.hoursAgo),
          viewsCount: 3 + topic.replies.length * 4,
        })
        .onConflictDoNothing();
      if (topic.replies.length === 0) continue;
      await tx
        .insert(forumReplies)
        .values(
          topic.replies.map((reply, index) => ({
            id: stableId(`demo-reply:${topic.key}:${index}`),
            topicId: topicId(topic.key),
            userId: memberId(reply.author),
            content: reply.content,
            createdAt: ago(now, reply.hoursAgo),
          })),
        )
        .onConflictDoNothing();
    }

    await tx
      .insert(circleMemberships)
      .values(
        CIRCLE_MEMBERS.map(([circle, member, role]) => ({
          circleId: circleId(circle),
          userId: memberId(member),
          status: 'approved',
          role: role ?? 'member',
        })),
      )
      .onConflictDoNothing();
    for (const event of EVENTS) {
      await tx
        .insert(circleEvents)
        .values({
          id: eventId(event.key),
          circleId: circleId(event.circle),
          title: event.title,
          description: event.description,
          eventDate: upcoming(now, event.daysAhead, event.hour),
          durationMinutes: event.durationMinutes,
          isVirtual: event.isVirtual,
          meetingLink: event.isVirtual ? `https://meet.jit.si/lunara-${event.key}` : null,
          location: event.isVirtual ? null : 'Riverside Park, by the old oak',
          maxAttendees: event.maxAttendees,
        })
        .onConflictDoNothing();
      await tx
        .insert(eventRsvps)
        .values(
          event.attendees.map((member) => ({ eventId: eventId(event.key), userId: memberId(member), status: 'going' })),
        )
        .onConflictDoNothing();
    }

    await seedCirclePlace(tx, now);

    const [a, b] = [...CONVERSATION.between].map(memberId).sort() as [string, string];
    const conversationId = stableId('demo-conversation:luna-maya');
    const lastMessage = CONVERSATION.messages.at(-1);
    await tx
      .insert(conversations)
      .values({
        id: conversationId,
        participantA: a,
        participantB: b,
        lastMessageAt: new Date(now.getTime() - (lastMessage?.minutesAgo ?? 0) * 60_000),
      })
      .onConflictDoNothing();
    await tx
      .insert(messages)
      .values(
        CONVERSATION.messages.map((message, index) => {
          const sender = memberId(message.from);
          return {
            id: stableId(`demo-message:${index}`),
            conversationId,
            senderId: sender,
            recipientId: sender === a ? b : a,
            content: message.content,
            isRead: true,
            createdAt: new Date(now.getTime() - message.minutesAgo * 60_000),
          };
        }),
      )
      .onConflictDoNothing();

    await recountDemoCounters(tx);
    await awardDemoPoints(tx, now);
  });
}

/**
 * New Moon Manifesters as a place: posts in its own feed (with comments and likes), a circle-only event
 * its members answered, and its chat with a few messages, its members being whoever is approved in it.
 */
async function seedCirclePlace(tx: Db, now: Date) {
  const circle = circleId(CIRCLE_PLACE);
  await tx
    .insert(posts)
    .values(
      CIRCLE_POSTS.map((post) => ({
        id: postId(post.key),
        userId: memberId(post.author),
        circleId: circle,
        title: post.title,
        content: post.content,
        category: 'general',
        isPinned: post.isPinned,
        createdAt: ago(now, post.hoursAgo),
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(postComments)
    .values(
      CIRCLE_COMMENTS.map((comment, index) => ({
        id: stableId(`demo-circle-comment:${index}`),
        postId: postId(comment.post),
        userId: memberId(comment.author),
        content: comment.content,
        createdAt: ago(now, comment.hoursAgo),
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(postLikes)
    .values(CIRCLE_LIKES.map(([post, member]) => ({ postId: postId(post), userId: memberId(member) })))
    .onConflictDoNothing();

  await tx
    .insert(circleEvents)
    .values({
      id: eventId(CIRCLE_EVENT.key),
      circleId: circle,
      title: CIRCLE_EVENT.title,
      description: CIRCLE_EVENT.description,
      eventDate: upcoming(now, CIRCLE_EVENT.daysAhead, CIRCLE_EVENT.hour),
      durationMinutes: CIRCLE_EVENT.durationMinutes,
      isVirtual: true,
      meetingLink: `https://meet.jit.si/lunara-${CIRCLE_EVENT.key}`,
      maxAttendees: CIRCLE_EVENT.maxAttendees,
      visibility: 'circle',
    })
    .onConflictDoNothing();
  await tx
    .insert(eventRsvps)
    .values(
      CIRCLE_EVENT.attendees.map((member) => ({
        eventId: eventId(CIRCLE_EVENT.key),
        userId: memberId(member),
        status: 'going',
      })),
    )
    .onConflictDoNothing();

  // The chat, unless a member already opened the circle (and so made it).
  const [place] = await tx
    .select({ name: circles.name, conversationId: circles.conversationId })
    .from(circles)
    .where(eq(circles.id, circle))
    .for('update');
  if (!place) throw new Error(`Circle ${CIRCLE_PLACE} is not seeded`);
  const chatId = stableId(`demo-circle-chat:${CIRCLE_PLACE}`);
  if (place.conversationId && place.conversationId !== chatId) return;
  const lastMessage = CIRCLE_CHAT.at(-1);
  await tx
    .insert(conversations)
    .values({
      id: chatId,
      kind: 'group',
      title: place.name,
      lastMessageAt: new Date(now.getTime() - (lastMessage?.minutesAgo ?? 0) * 60_000),
    })
    .onConflictDoNothing();
  await tx.update(circles).set({ conversationId: chatId }).where(eq(circles.id, circle));
  const members = await tx
    .select({ userId: circleMemberships.userId })
    .from(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circle), eq(circleMemberships.status, 'approved')));
  await tx
    .insert(conversationMembers)
    .values(
      members.map((row) => ({
        conversationId: chatId,
        userId: row.userId,
        joinedAt: new Date(now.getTime() - 2 * DAY),
        lastReadAt: new Date(now.getTime() - 2 * DAY),
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(messages)
    .values(
      CIRCLE_CHAT.map((message, index) => ({
        id: stableId(`demo-circle-message:${index}`),
        conversationId: chatId,
        conversationKind: 'group',
        senderId: memberId(message.from),
        recipientId: null,
        content: message.content,
        createdAt: new Date(now.getTime() - message.minutesAgo * 60_000),
      })),
    )
    .onConflictDoNothing();
}

/** Counters are derived from the rows, so they are exact whatever was inserted before. */
async function recountDemoCounters(tx: Db) {
  const demoPostIds = [...POSTS, ...CIRCLE_POSTS].map((post) => postId(post.key));
  await tx
    .update(posts)
    .set({
      likesCount: sql`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id})`,
      commentsCount: sql`(select count(*)::int from ${postComments} where ${postComments.postId} = ${posts.id})`,
    })
    .where(inArray(posts.id, demoPostIds));
  await tx
    .update(forumTopics)
    .set({
      repliesCount: sql`(select count(*)::int from ${forumReplies} where ${forumReplies.topicId} = ${forumTopics.id})`,
    })
    .where(
      inArray(
        forumTopics.id,
        TOPICS.map((topic) => topicId(topic.key)),
      ),
    );
  await tx
    .update(circleEvents)
    .set({
      attendeeCount: sql`(select count(*)::int from ${eventRsvps} where ${eventRsvps.eventId} = ${circleEvents.id} and ${eventRsvps.status} = 'going')`,
    })
    .where(inArray(circleEvents.id, [...EVENTS.map((event) => eventId(event.key)), eventId(CIRCLE_EVENT.key)]));
}

/** The ledger the real actions would have written, then user_points summed from it. */
async function awardDemoPoints(tx: Db, now: Date) {
  const allPosts = [...POSTS, ...CIRCLE_POSTS];
  const allLikes: Array<[string, MemberKey]> = [...LIKES, ...CIRCLE_LIKES];
  const allComments = [
    ...COMMENTS.map((comment, index) => ({ ...comment, id: stableId(`demo-comment:${index}`) })),
    ...CIRCLE_COMMENTS.map((comment, index) => ({ ...comment, id: stableId(`demo-circle-comment:${index}`) })),
  ];
  const awards = [
    ...allPosts.map((post) => ({
      userId: memberId(post.author),
      amount: POINTS.post,
      reason: 'post',
      key: `post:${postId(post.key)}`,
      at: ago(now, post.hoursAgo),
    })),
    ...allComments.map((comment) => ({
      userId: memberId(comment.author),
      amount: POINTS.comment,
      reason: 'comment',
      key: `comment:${comment.id}`,
      at: ago(now, comment.hoursAgo),
    })),
    ...allLikes.map(([post, member]) => {
      const liked = allPosts.find((candidate) => candidate.key === post);
      return {
        userId: memberId(liked?.author ?? 'luna'),
        amount: POINTS.likeReceived,
        reason: 'like_received',
        key: `like:${postId(post)}:${memberId(member)}`,
        at: ago(now, (liked?.hoursAgo ?? 1) - 1),
      };
    }),
  ];
  await tx
    .insert(pointsLedger)
    .values(
      awards.map((award) => ({
        userId: award.userId,
        amount: award.amount,
        reason: award.reason,
        idempotencyKey: award.key,
        createdAt: award.at,
      })),
    )
    .onConflictDoNothing();

  for (const member of MEMBERS) {
    const id = memberId(member.key);
    const [totals] = await tx
      .select({ points: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, id));
    const points = totals?.points ?? 0;
    const postsCount = allPosts.filter((post) => post.author === member.key).length;
    const commentsCount = allComments.filter((comment) => comment.author === member.key).length;
    const likesReceived = allLikes.filter(
      ([post]) => allPosts.find((p) => p.key === post)?.author === member.key,
    ).length;
    const badges = ['welcome', ...(postsCount > 0 ? ['first_post'] : [])];
    const values = { points, postsCount, commentsCount, likesReceived, level: levelForPoints(points), badges };
    // Only when missing: after the first seeding, real members' likes change these totals.
    await tx
      .insert(userPoints)
      .values({ userId: id, ...values })
      .onConflictDoNothing();
  }
}
