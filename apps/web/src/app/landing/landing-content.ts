import { CalendarDays, Compass, Droplets, HeartHandshake, Medal, Moon } from 'lucide-react';

/** The six named features of the product (spec section 1), in the landing page's words. */
export const FEATURES = [
  {
    icon: Compass,
    title: 'Self-assessment pathways',
    text: 'Begin with a gentle self-assessment and follow a path through the courses that meets you where you are.',
  },
  {
    icon: CalendarDays,
    title: 'Live circles and events',
    text: 'Gather with your sisters in small circles and live moon gatherings, online and in person.',
  },
  {
    icon: Moon,
    title: 'Cycle syncing with moon tracking',
    text: 'See today’s moon phase and align your rituals, work and rest with the rhythm of the month.',
  },
  {
    icon: Droplets,
    title: 'Spiritual bath builder',
    text: 'Craft cleansing and renewing baths with herbs, salts and flowers chosen for your intention.',
  },
  {
    icon: HeartHandshake,
    title: 'Mentorship pods',
    text: 'Grow in an intimate pod of women guided by an experienced mentor, fortnight after fortnight.',
  },
  {
    icon: Medal,
    title: 'Progress badges',
    text: 'Celebrate every step: points, levels and badges for lessons, rituals and the support you give.',
  },
] as const;

/** The twelve features of the pricing card. */
export const PRICING_FEATURES = [
  'All 5 core courses, with every new lesson',
  'Self-assessment pathways',
  'The private Sacred Sisterhood community',
  'Live Sacred Circles and events',
  'Discussion forums and direct messages',
  'Daily moon-aligned rituals',
  'Cycle syncing with moon tracking',
  'Spiritual bath builder',
  'Mentorship pods',
  'Points, levels and progress badges',
  'Certificates when you complete a course',
  'Cancel anytime',
] as const;
