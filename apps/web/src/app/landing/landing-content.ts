import { CalendarDays, Compass, Droplets, HeartHandshake, Medal, Moon } from 'lucide-react';

/** The six named features of the product (spec section 1), in the landing page's words. */
export const FEATURES = [
  {
    icon: Compass,
    title: 'Self-assessment pathways',
    text: 'Answer ten gentle questions and get your pathway: courses, circles and rituals chosen for where you are, with your progress along it.',
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
    text: 'Build a bath for your intention and tonight’s moon from salts, herbs, flowers, oils and crystals, with honest cautions, and keep it as your own ritual.',
  },
  {
    icon: HeartHandshake,
    title: 'Mentorship pods',
    text: 'Grow in a small pod of women with a mentor: your own group conversation, shared goals and pod meetings.',
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
