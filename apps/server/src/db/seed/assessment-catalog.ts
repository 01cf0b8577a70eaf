/**
 * The starting self-assessment (issue 29): ten questions whose answers point at the seeded courses, a few
 * of their lessons, circles and ritual templates. The owner rewrites any of it in the Content Studio; this
 * is only what a new install begins with. Items and weights name their targets by catalog key; seeding
 * resolves them and leaves out any whose target is gone.
 */

export type SeedItem =
  | { key: string; kind: 'course'; courseId: number; reason: string }
  | { key: string; kind: 'lesson'; courseId: number; lessonId: string; reason: string }
  | { key: string; kind: 'circle'; circleKey: string; reason: string }
  | { key: string; kind: 'ritual'; ritualSlug: string; reason: string };

export interface SeedQuestion {
  key: string;
  prompt: string;
  multiple: boolean;
  /** Each answer: its label and the items it points at, with their weights. */
  options: Array<{ label: string; weights: Record<string, number> }>;
}

export const ASSESSMENT_ITEMS: SeedItem[] = [
  { key: 'goals', kind: 'course', courseId: 1, reason: 'You want to step into your power and shape what comes next.' },
  { key: 'trauma', kind: 'course', courseId: 2, reason: 'What weighs on you deserves gentle, body-first healing.' },
  { key: 'energy', kind: 'course', courseId: 3, reason: 'You are drawn to feeling and tending your own energy.' },
  { key: 'beauty', kind: 'course', courseId: 4, reason: 'You long to treat caring for yourself as a sacred practice.' },
  { key: 'baths', kind: 'course', courseId: 5, reason: 'Water and ritual bathing are a soft way in for you.' },
  {
    key: 'cycles',
    kind: 'lesson',
    courseId: 1,
    lessonId: '1-2',
    reason: 'Start by learning how the moon and your cycle move together.',
  },
  {
    key: 'nervous',
    kind: 'lesson',
    courseId: 2,
    lessonId: '2-2',
    reason: 'Feeling safe in your body comes before everything else here.',
  },
  {
    key: 'grounding',
    kind: 'lesson',
    courseId: 3,
    lessonId: '3-3',
    reason: 'Grounding first keeps energy work steady when you feel stretched.',
  },
  { key: 'build-bath', kind: 'lesson', courseId: 5, lessonId: '5-3', reason: 'Your first bath, built step by step.' },
  {
    key: 'manifesters',
    kind: 'circle',
    circleKey: 'new-moon-manifesters',
    reason: 'Set intentions with sisters at every new moon.',
  },
  {
    key: 'healers',
    kind: 'circle',
    circleKey: 'energy-healers-collective',
    reason: 'Practise energy work alongside others who do.',
  },
  {
    key: 'study',
    kind: 'circle',
    circleKey: 'goddess-goals-study-circle',
    reason: 'Go through Goddess Goals with a study circle.',
  },
  {
    key: 'alchemists',
    kind: 'circle',
    circleKey: 'spiritual-bath-alchemists',
    reason: 'Share bath recipes and what they brought you.',
  },
  {
    key: 'release-circle',
    kind: 'circle',
    circleKey: 'full-moon-release-circle',
    reason: 'Let go together under the full moon.',
  },
  {
    key: 'sanctuary',
    kind: 'circle',
    circleKey: 'trauma-healing-sanctuary',
    reason: 'A held space for healing at your own pace.',
  },
  {
    key: 'intention',
    kind: 'ritual',
    ritualSlug: 'new-moon-intention-setting',
    reason: 'A monthly anchor for what you are calling in.',
  },
  { key: 'rest', kind: 'ritual', ritualSlug: 'new-moon-dark-rest-meditation', reason: 'Rest is where you start.' },
  {
    key: 'journal',
    kind: 'ritual',
    ritualSlug: 'waxing-crescent-first-steps',
    reason: 'Ten minutes of writing to hear yourself.',
  },
  {
    key: 'breath',
    kind: 'ritual',
    ritualSlug: 'first-quarter-courage-breath',
    reason: 'Breath that steadies you when courage is needed.',
  },
  {
    key: 'release',
    kind: 'ritual',
    ritualSlug: 'full-moon-release-ceremony',
    reason: 'A ceremony for putting down what you carry.',
  },
  {
    key: 'celebration-bath',
    kind: 'ritual',
    ritualSlug: 'full-moon-celebration-bath',
    reason: 'Your first bath ritual, at the full moon.',
  },
  {
    key: 'forgiveness',
    kind: 'ritual',
    ritualSlug: 'last-quarter-forgiveness-practice',
    reason: 'Forgiveness that does not ask you to pretend.',
  },
  {
    key: 'clearing',
    kind: 'ritual',
    ritualSlug: 'last-quarter-space-clearing',
    reason: 'Clear your space so your practice has a home.',
  },
  {
    key: 'tea',
    kind: 'ritual',
    ritualSlug: 'waning-crescent-restorative-tea',
    reason: 'A small nightly ritual for tired days.',
  },
];

export const ASSESSMENT_QUESTIONS: SeedQuestion[] = [
  {
    key: 'seek',
    prompt: 'What are you seeking most right now?',
    multiple: true,
    options: [
      { label: 'Clarity about my goals and my power', weights: { goals: 4, study: 2, intention: 2 } },
      { label: 'Healing from what I have been through', weights: { trauma: 4, nervous: 2, sanctuary: 2 } },
      { label: 'Balance in my energy', weights: { energy: 4, healers: 2, grounding: 1 } },
      { label: 'A loving relationship with my body', weights: { beauty: 4, baths: 1 } },
      { label: 'Rest and a softer pace', weights: { baths: 3, rest: 3, tea: 2 } },
    ],
  },
  {
    key: 'cycle',
    prompt: 'Where are you in your cycle practice?',
    multiple: false,
    options: [
      { label: 'I have never tracked the moon or my cycle', weights: { cycles: 3, goals: 1, intention: 1 } },
      { label: 'I notice the moon sometimes', weights: { cycles: 2, manifesters: 1, intention: 1 } },
      { label: 'I track my cycle with the moon', weights: { manifesters: 2, release: 1 } },
      { label: 'I practise with every phase', weights: { manifesters: 2, 'release-circle': 2, release: 1 } },
    ],
  },
  {
    key: 'time',
    prompt: 'How much time do you have each week?',
    multiple: false,
    options: [
      { label: 'Under an hour', weights: { tea: 2, breath: 2, rest: 1 } },
      { label: 'One to three hours', weights: { journal: 1, intention: 1 } },
      { label: 'Three to five hours', weights: { goals: 1, energy: 1, trauma: 1 } },
      { label: 'More than five hours', weights: { goals: 1, energy: 1, trauma: 1, study: 1, healers: 1 } },
    ],
  },
  {
    key: 'weighs',
    prompt: 'What weighs on you lately?',
    multiple: true,
    options: [
      { label: 'Old hurts that keep coming back', weights: { trauma: 3, forgiveness: 2, sanctuary: 1 } },
      { label: 'Feeling stuck or stagnant', weights: { goals: 2, clearing: 2, breath: 1 } },
      { label: 'Feeling drained', weights: { energy: 2, grounding: 2, tea: 1 } },
      { label: 'Stress and a racing mind', weights: { nervous: 2, rest: 2, baths: 1 } },
      { label: 'Self-doubt about how I look or feel', weights: { beauty: 3, journal: 1 } },
    ],
  },
  {
    key: 'experience',
    prompt: 'How much spiritual practice have you done before?',
    multiple: false,
    options: [
      { label: 'I am just beginning', weights: { goals: 2, cycles: 1, journal: 1 } },
      { label: 'Some: a practice here and there', weights: { energy: 1, intention: 1 } },
      { label: 'A lot: I practise regularly', weights: { energy: 2, healers: 1, release: 1 } },
    ],
  },
  {
    key: 'draws',
    prompt: 'Which practices draw you?',
    multiple: true,
    options: [
      { label: 'Journaling and reflection', weights: { journal: 3, goals: 1 } },
      { label: 'Breath and meditation', weights: { breath: 2, rest: 2 } },
      { label: 'Ritual baths', weights: { baths: 4, 'build-bath': 3, 'celebration-bath': 3, alchemists: 2 } },
      { label: 'Energy and hands-on healing', weights: { energy: 3, healers: 2 } },
      { label: 'Ceremony under the moon', weights: { intention: 2, release: 2, 'release-circle': 1 } },
    ],
  },
  {
    key: 'together',
    prompt: 'How do you like to practise?',
    multiple: false,
    options: [
      { label: 'On my own, quietly', weights: { rest: 1, journal: 1 } },
      { label: 'With a few sisters', weights: { study: 2, alchemists: 1 } },
      { label: 'In a larger circle', weights: { manifesters: 2, 'release-circle': 2 } },
    ],
  },
  {
    key: 'home',
    prompt: 'How does your home space feel?',
    multiple: false,
    options: [
      { label: 'Calm and mine', weights: { intention: 1 } },
      { label: 'Cluttered or heavy', weights: { clearing: 3, energy: 1 } },
      { label: 'Shared and busy', weights: { clearing: 1, tea: 1, breath: 1 } },
    ],
  },
  {
    key: 'body',
    prompt: 'How do you feel in your body most days?',
    multiple: false,
    options: [
      { label: 'At home in it', weights: { beauty: 1, energy: 1 } },
      { label: 'Tense or on edge', weights: { nervous: 3, baths: 2 } },
      { label: 'Tired', weights: { tea: 2, rest: 2, baths: 1 } },
      { label: 'Disconnected from it', weights: { beauty: 2, trauma: 1, 'celebration-bath': 1 } },
    ],
  },
  {
    key: 'hope',
    prompt: 'In three months, what would you love to feel?',
    multiple: false,
    options: [
      { label: 'Clear and in charge of my life', weights: { goals: 3, study: 1 } },
      { label: 'Lighter and free of old weight', weights: { trauma: 2, release: 2, forgiveness: 1 } },
      { label: 'Radiant and cared for', weights: { beauty: 3, baths: 2 } },
      { label: 'Calm and energised', weights: { energy: 3, grounding: 1 } },
    ],
  },
];
