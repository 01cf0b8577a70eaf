import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/members.ts';
import { forbidden } from '../../errors.ts';
import { renderCertificate } from './certificate.ts';
import { getCourseDetail } from './course-service.ts';

export const CERTIFICATE_NOT_EARNED = 'Complete every lesson of the course to download its certificate';

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The certificate of a course the member has finished (403 before that). */
export async function downloadCertificate(db: Db, input: { userId: string; courseId: number; productName: string }) {
  const course = await getCourseDetail(db, input.userId, input.courseId);
  if (!course.completedAt) throw forbidden(CERTIFICATE_NOT_EARNED);
  const [profile] = await db
    .select({ displayName: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  const pdf = await renderCertificate({
    productName: input.productName,
    memberName: profile?.displayName ?? '',
    courseTitle: course.title,
    completedAt: new Date(course.completedAt),
  });
  return { pdf, fileName: `${slug(input.productName)}-certificate-${slug(course.title)}.pdf` };
}
