import { describe, expect, it } from 'vitest';
import { impactText } from './delete-course-dialog.tsx';

describe('the course deletion’s confirmation', () => {
  it('says what is lost: lessons, members’ progress and certificates', () => {
    expect(impactText({ lessonCount: 5, membersWithProgress: 12, certificatesEarned: 3 })).toBe(
      '5 lessons will be deleted. 12 members have progress in this course; 3 earned its certificate. This cannot be undone.',
    );
    expect(impactText({ lessonCount: 1, membersWithProgress: 1, certificatesEarned: 0 })).toBe(
      '1 lesson will be deleted. 1 member has progress in this course; 0 earned its certificate. This cannot be undone.',
    );
  });
});
