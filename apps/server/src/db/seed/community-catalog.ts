import type { CircleType, ForumIcon } from '@lunara/shared/community';

export interface ForumCategorySeed {
  slug: string;
  name: string;
  description: string;
  icon: ForumIcon;
  color: string;
}

export const FORUM_CATEGORIES: ForumCategorySeed[] = [
  {
    slug: 'moon-wisdom',
    name: 'Moon Wisdom',
    description: 'Lunar cycles, moon rituals and syncing your life with the phases.',
    icon: 'Moon',
    color: 'indigo',
  },
  {
    slug: 'manifestation-goals',
    name: 'Manifestation & Goddess Goals',
    description: 'Intentions, vision boards and the goals you are calling in.',
    icon: 'Sparkles',
    color: 'amber',
  },
  {
    slug: 'healing-journey',
    name: 'Healing Journey',
    description: 'A gentle space to share what you are healing and what is helping.',
    icon: 'Heart',
    color: 'rose',
  },
  {
    slug: 'sacred-beauty-self-care',
    name: 'Sacred Beauty & Self-Care',
    description: 'Rituals of adornment, spiritual baths and caring for your body.',
    icon: 'Flower2',
    color: 'pink',
  },
  {
    slug: 'sisterhood-introductions',
    name: 'Sisterhood Introductions',
    description: 'New here? Introduce yourself and meet your sisters.',
    icon: 'Users',
    color: 'violet',
  },
  {
    slug: 'questions-support',
    name: 'Questions & Support',
    description: 'Ask anything about the courses, the community or your practice.',
    icon: 'HelpCircle',
    color: 'teal',
  },
];

export interface CircleSeed {
  key: string;
  name: string;
  description: string;
  type: CircleType;
  focusArea: string;
  maxMembers: number;
}

/** One or more circles of every type the Sacred Circles tabs filter on. */
export const CIRCLES: CircleSeed[] = [
  {
    key: 'new-moon-manifesters',
    name: 'New Moon Manifesters',
    description: 'We gather at every new moon to set intentions together and hold each other accountable.',
    type: 'specialized',
    focusArea: 'Manifestation & intention setting',
    maxMembers: 30,
  },
  {
    key: 'energy-healers-collective',
    name: 'Energy Healers Collective',
    description: 'Practise energy work together, swap distance healing and share what you are learning.',
    type: 'specialized',
    focusArea: 'Energy healing practice',
    maxMembers: 30,
  },
  {
    key: 'goddess-goals-study-circle',
    name: 'Goddess Goals Study Circle',
    description: 'Move through the Goddess Goals course side by side, one lesson a week.',
    type: 'course_aligned',
    focusArea: 'Goddess Goals course',
    maxMembers: 25,
  },
  {
    key: 'spiritual-bath-alchemists',
    name: 'Spiritual Bath Alchemists',
    description: 'Share bath recipes, herbs and moon-timed rituals from the Spiritual Baths course.',
    type: 'course_aligned',
    focusArea: 'Spiritual Baths course',
    maxMembers: 25,
  },
  {
    key: 'full-moon-release-circle',
    name: 'Full Moon Release Circle',
    description: 'A monthly gathering to release, celebrate and share gratitude under the full moon.',
    type: 'open',
    focusArea: 'Release & celebration',
    maxMembers: 40,
  },
  {
    key: 'sacred-mothers',
    name: 'Sacred Mothers',
    description: 'For mothers and mothers-to-be weaving spirituality into family life.',
    type: 'open',
    focusArea: 'Motherhood & spirituality',
    maxMembers: 20,
  },
  {
    key: 'trauma-healing-sanctuary',
    name: 'Trauma Healing Sanctuary',
    description: 'A small, confidential circle for women walking the Detox Your Trauma path.',
    type: 'private',
    focusArea: 'Trauma recovery',
    maxMembers: 12,
  },
  {
    key: 'inner-priestess-mentorship-pod',
    name: 'Inner Priestess Mentorship Pod',
    description: 'An intimate mentorship pod meeting fortnightly with a guide.',
    type: 'private',
    focusArea: 'Mentorship',
    maxMembers: 8,
  },
];
