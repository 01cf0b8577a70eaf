import type { AuditPage } from '@lunara/shared/admin';

type AuditEntry = AuditPage['items'][number];

const auditDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A name in quotes, or what to say once the thing is gone. */
const named = (name: string | null, gone: string) => (name ? `"${name}"` : gone);
const whose = (member: string | null) => (member ? `${member}'s` : "a member's");

/** A text the entry recorded in its details (the name at the time), or null. */
const detail = (entry: AuditEntry, key: string) => {
  const value = entry.details[key];
  return typeof value === 'string' && value !== '' ? value : null;
};
/** ' in "Course"' when the entry recorded the lesson's course. */
const inCourse = (entry: AuditEntry) => {
  const course = detail(entry, 'courseTitle');
  return course ? ` in "${course}"` : '';
};
function courseStatusText(entry: AuditEntry): string {
  const course = named(entry.targetName, 'since removed');
  if (entry.details.status === 'published') return `published the course ${course}`;
  if (entry.details.status === 'archived') return `archived the course ${course}`;
  if (entry.details.status === 'draft') return `moved the course ${course} back to draft`;
  return `changed the status of the course ${course}`;
}

const PHRASES: Record<string, (entry: AuditEntry) => string> = {
  'settings.require_verified_email': (e) =>
    e.details.enabled ? 'required a confirmed email before posting' : 'let members post without a confirmed email',
  'post.delete': (e) =>
    `deleted the post ${named(e.targetName, 'since removed')}${e.memberName ? ` by ${e.memberName}` : ''}`,
  'post.pin': (e) => `pinned the post ${named(e.targetName, 'since removed')}`,
  'post.unpin': (e) => `unpinned the post ${named(e.targetName, 'since removed')}`,
  'comment.delete': (e) =>
    `deleted ${e.memberName ? `${e.memberName}'s` : 'a'} comment on ${named(e.targetName, 'a post since removed')}`,
  'topic.delete': (e) => `deleted the topic ${named(e.targetName, 'since removed')}`,
  'topic.pin': (e) => `pinned the topic ${named(e.targetName, 'since removed')}`,
  'topic.unpin': (e) => `unpinned the topic ${named(e.targetName, 'since removed')}`,
  'topic.lock': (e) => `locked the topic ${named(e.targetName, 'since removed')}`,
  'topic.unlock': (e) => `unlocked the topic ${named(e.targetName, 'since removed')}`,
  'reply.delete': (e) => `deleted a reply in ${named(e.targetName, 'a topic since removed')}`,
  'role.assign': (e) =>
    `changed ${e.targetName ? `${e.targetName}'s` : "a former member's"} role${
      typeof e.details.from === 'string' ? ` from ${e.details.from}` : ''
    }${typeof e.details.to === 'string' ? ` to ${e.details.to}` : ''}`,
  'circle.approve': (e) => `approved ${whose(e.memberName)} request to join ${named(e.targetName, 'a circle')}`,
  'circle.decline': (e) => `declined ${whose(e.memberName)} request to join ${named(e.targetName, 'a circle')}`,
  'circle.create': (e) => `created the circle ${named(e.targetName, 'since removed')}`,
  'circle.update': (e) => `edited the circle ${named(e.targetName, 'since removed')}`,
  'pod.create': (e) => `created the pod ${named(e.targetName, 'since removed')}`,
  'pod.update': (e) => `edited the pod ${named(e.targetName, 'since removed')}`,
  'pod.accept': (e) => `accepted ${whose(e.memberName)} request to join ${named(e.targetName, 'a pod')}`,
  'pod.decline': (e) => `declined ${whose(e.memberName)} request to join ${named(e.targetName, 'a pod')}`,
  'pod.remove_member': (e) => `removed ${e.memberName ?? 'a member'} from ${named(e.targetName, 'a pod')}`,
  // Billing history (issue 33): the Cancellation card.
  'billing.cancellation_settings': (e) => {
    const to = e.details.to as { pauseEnabled?: boolean; maxPauseMonths?: number } | undefined;
    return to?.pauseEnabled
      ? `offered members a pause of up to ${to.maxPauseMonths ?? 1} month${to.maxPauseMonths === 1 ? '' : 's'} when they cancel`
      : 'stopped offering a pause when members cancel';
  },
  // Member administration and email templates (issue 33).
  'member.complimentary_grant': (e) =>
    `granted ${e.targetName ?? 'a member'} a complimentary membership${
      typeof e.details.endsAt === 'string' ? ` until ${auditDate.format(new Date(e.details.endsAt))}` : ''
    }`,
  'member.complimentary_end': (e) => `ended ${whose(e.targetName)} complimentary membership`,
  'email_template.update': (e) => `edited the email "${detail(e, 'title') ?? 'template'}"`,
  'email_template.restore': (e) => `restored the built-in email "${detail(e, 'title') ?? 'template'}"`,
  // Plans and coupons (issue 33): details carry the code.
  'plans.settings': () => 'changed the plans and the free trial',
  'coupon.create': (e) => `created the coupon ${named(detail(e, 'code'), 'since removed')}`,
  'coupon.deactivate': (e) => `deactivated the coupon ${named(detail(e, 'code'), 'since removed')}`,
  // Announcements (issue 33): details carry the title, so a deleted one still reads.
  'announcement.create': (e) => `sent the announcement ${named(detail(e, 'title'), 'since removed')}`,
  'announcement.pin': (e) => `pinned the announcement ${named(detail(e, 'title'), 'since removed')}`,
  'announcement.unpin': (e) => `unpinned the announcement ${named(detail(e, 'title'), 'since removed')}`,
  'announcement.delete': (e) => `deleted the announcement ${named(detail(e, 'title'), 'since removed')}`,
  'event.create': (e) => `created the event ${named(e.targetName, 'since removed')}`,
  'event.update': (e) => `edited the event ${named(e.targetName, 'since removed')}`,
  'event.cancel': (e) => `cancelled the event ${named(e.targetName, 'since removed')}`,
  // The content studio (issue 28). details carry the title or name, so a deleted target still reads.
  'course.create': (e) => `created the course ${named(e.targetName, 'since removed')}`,
  'course.update': (e) => `edited the course ${named(e.targetName, 'since removed')}`,
  'course.status': courseStatusText,
  'course.duplicate': (e) =>
    `copied the course ${named(detail(e, 'sourceTitle'), 'since removed')} as ${named(e.targetName, 'a copy since removed')}`,
  'course.delete': (e) => {
    const title = detail(e, 'title') ?? e.targetName;
    return title ? `deleted the course "${title}"` : 'deleted a course';
  },
  'course.reorder': () => 'reordered the course catalog',
  'course.outline': (e) => `rearranged the modules and lessons of ${named(e.targetName, 'a course since removed')}`,
  'module.create': (e) =>
    `added the module ${named(detail(e, 'title'), 'untitled')} to ${named(e.targetName, 'a course since removed')}`,
  'module.update': (e) =>
    `renamed a module of ${named(e.targetName, 'a course since removed')} to ${named(detail(e, 'title'), 'untitled')}`,
  'module.delete': (e) =>
    `deleted the module ${named(detail(e, 'title'), 'untitled')} from ${named(e.targetName, 'a course since removed')}`,
  'lesson.create': (e) => `added the lesson ${named(e.targetName, 'since removed')}${inCourse(e)}`,
  'lesson.update': (e) => `edited the lesson ${named(e.targetName, 'since removed')}${inCourse(e)}`,
  'lesson.delete': (e) => `deleted the lesson ${named(detail(e, 'title'), 'untitled')}${inCourse(e)}`,
  'ritual.create': (e) => `created the ritual ${named(e.targetName, 'since removed')}`,
  'ritual.update': (e) => `edited the ritual ${named(e.targetName, 'since removed')}`,
  'ritual.archive': (e) => `archived the ritual ${named(e.targetName, 'since removed')}`,
  'forum_category.create': (e) => `created the forum category ${named(e.targetName, 'since removed')}`,
  'forum_category.update': (e) => `edited the forum category ${named(e.targetName, 'since removed')}`,
  'forum_category.delete': (e) =>
    `deleted the forum category ${named(detail(e, 'name') ?? e.targetName, 'since removed')}`,
  'forum_category.reorder': () => 'reordered the forum categories',
  'bath_ingredient.create': (e) => `added the bath ingredient ${named(e.targetName, 'since removed')}`,
  'bath_ingredient.update': (e) => `edited the bath ingredient ${named(e.targetName, 'since removed')}`,
  'bath_ingredient.delete': (e) => `deleted the bath ingredient ${named(e.targetName, 'since removed')}`,
  'assessment.update': () => 'edited the self-assessment',
  // Suspensions (issue 30): details carry the end (null when permanent) and the reason.
  'member.suspend': (e) => {
    const ends = detail(e, 'endsAt');
    const length = ends ? `until ${auditDate.format(new Date(ends))}` : 'permanently';
    const reason = detail(e, 'reason');
    return `suspended ${e.targetName ?? 'a former member'} ${length}${reason ? `: "${reason}"` : ''}`;
  },
  'member.suspension_lift': (e) => `lifted the suspension of ${e.targetName ?? 'a former member'}`,
};

/**
 * What an admin or moderator did, in words, naming what was acted on: 'unlocked the topic "Vision
 * boards"', 'approved Bella's request to join "Sacred Mothers"'. The actor's name goes before it.
 */
export function auditEntryText(entry: AuditEntry): string {
  const phrase = PHRASES[entry.action];
  if (phrase) return phrase(entry);
  // An action this version does not know yet still says what it touched.
  const target = `${entry.action.replace('.', ' ')} ${entry.targetType.replace('_', ' ')}`;
  return entry.targetName ? `${target} "${entry.targetName}"` : target;
}
