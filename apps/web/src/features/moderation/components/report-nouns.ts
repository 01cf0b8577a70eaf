import type { ReportTargetType } from '@lunara/shared/moderation';

/** What the member calls the thing she reports, in the dialog's title and the button's label. */
export const REPORT_NOUNS: Record<ReportTargetType, string> = {
  post: 'post',
  comment: 'comment',
  topic: 'topic',
  reply: 'reply',
  message: 'message',
  profile: 'profile',
};

export interface ReportTarget {
  type: ReportTargetType;
  id: string;
}
