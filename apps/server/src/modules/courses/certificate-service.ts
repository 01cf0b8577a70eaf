import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/members.ts';
import { forbidden } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { MEMBERSHIP_REQUIRED_MESSAGE } from '../../plugins/membership-guards.ts';
import { getCourseDetail } from './course-service.ts';

export const CERTIFICATE_NOT_EARNED = 'Complete every lesson of the course to download its certificate';

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The certificate of a course the member has finished: for whoever has access to the course (an
 * account, for a free course), 403 before the last lesson.
 */
export async function downloadCertificate(
  db: Db,
  input: { member: SessionUser; courseId: number; productName: string },
) {
  const course = await getCourseDetail(db, input.member, input.courseId);
  if (course.viewer !== 'member') throw forbidden(MEMBERSHIP_REQUIRED_MESSAGE);
  if (!course.completedAt) throw forbidden(CERTIFICATE_NOT_EARNED);
  const [profile] = await db
    .select({ displayName: profiles.displayName, timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.id, input.member.id));
  // Loaded on the first download, not at start-up: pdf-lib, fontkit and the WOFF2 decoder take most of a
  // second to import, for a route a member calls once per course.
  const { renderCertificate } = await import('./certificate.ts');
  const pdf = await renderCertificate({
    productName: input.productName,
    memberName: profile?.displayName ?? '',
    courseTitle: course.title,
    completedAt: new Date(course.completedAt),
    // The date as she lives it: a course finished late in the evening is dated her evening's day.
    timeZone: profile?.timeZone ?? 'UTC',
  });
  return { pdf, fileName: `${slug(input.productName)}-certificate-${slug(course.title)}.pdf` };
}
