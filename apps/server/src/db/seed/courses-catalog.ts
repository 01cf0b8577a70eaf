export interface LessonSeed {
  title: string;
  description: string;
  durationMinutes: number;
}

export interface CourseSeed {
  id: number;
  title: string;
  /** For a course the code recognises (the bath builder's); see courses.slug. */
  slug?: string;
  summary: string;
  description: string;
  estimatedHours: number;
  lessons: LessonSeed[];
}

/**
 * The five core courses. Course 1 is exactly the spec's; courses 2 to 5 (detail "not shown" in the
 * spec) have lesson lists of their own whose durations add up to the course's hours.
 */
export const COURSES: CourseSeed[] = [
  {
    id: 1,
    title: 'Goddess Goals',
    summary: 'Reclaim your power and set goals that honour your cycles, your body and your soul.',
    description:
      'Break free from patriarchal conditioning and learn to set goals the feminine way: in rhythm with your lunar cycle, fuelled by solar energy, and anchored in a sacred timeline that is truly yours.',
    estimatedHours: 3,
    lessons: [
      {
        title: 'Breaking the Patriarchal Conditioning',
        description:
          'Notice the inherited rules about ambition, rest and worth that shape your goals, and begin to set down the ones that were never yours.',
        durationMinutes: 35,
      },
      {
        title: 'Understanding Your Lunar Cycles',
        description:
          'Map the four inner seasons of your cycle and learn which kinds of work, rest and creation each one supports.',
        durationMinutes: 42,
      },
      {
        title: 'Solar Energy & Manifestation',
        description:
          'Balance lunar intuition with solar action: turn intentions into visible, practical steps you can take this week.',
        durationMinutes: 38,
      },
      {
        title: 'Creating Your Sacred Timeline',
        description:
          'Design a year that breathes with you, with seasons for planting, growing, harvesting and resting.',
        durationMinutes: 45,
      },
      {
        title: 'Reclaiming Your Throne Ritual',
        description: 'A guided ritual to claim your goals as sacred commitments and step into your sovereignty.',
        durationMinutes: 28,
      },
    ],
  },
  {
    id: 2,
    title: 'Detox Your Trauma',
    summary: 'Gentle, body-based practices to release what you have carried for too long.',
    description:
      'A trauma-informed journey through the body, the nervous system and the stories we inherit. Move at your own pace, with practices that help you feel safe, release old patterns and come home to yourself.',
    estimatedHours: 4,
    lessons: [
      {
        title: 'How Trauma Lives in the Body',
        description:
          'Understand why the body remembers what the mind forgets, and how to listen to it with compassion.',
        durationMinutes: 40,
      },
      {
        title: 'Your Nervous System & Safety',
        description: 'Learn to recognise fight, flight and freeze, and build a toolkit that brings you back to calm.',
        durationMinutes: 45,
      },
      {
        title: 'Naming Your Inherited Patterns',
        description: 'Trace the beliefs and habits handed down through your family line and choose which to keep.',
        durationMinutes: 38,
      },
      {
        title: 'Somatic Release Practices',
        description: 'Shaking, breath and sound practices that let stored tension move through and out of you.',
        durationMinutes: 42,
      },
      {
        title: 'Forgiveness Without Bypassing',
        description: 'Honour your anger and grief on the way to a forgiveness that frees you rather than silences you.',
        durationMinutes: 35,
      },
      {
        title: 'Your Healing Map',
        description: 'Gather what you have learned into a personal plan for the months ahead, with support built in.',
        durationMinutes: 40,
      },
    ],
  },
  {
    id: 3,
    title: 'Energy Healing',
    summary: 'Learn to sense, clear and balance your own energy, and hold space for others.',
    description:
      'From the chakras to grounding and protection, build a daily energy practice you can trust. Learn hands-on techniques for yourself and the foundations of holding healing space for the women you love.',
    estimatedHours: 3,
    lessons: [
      {
        title: 'Foundations of Subtle Energy',
        description: 'What energy work is, what it is not, and how to begin sensing your own field.',
        durationMinutes: 32,
      },
      {
        title: 'Mapping Your Chakras',
        description: 'Explore the seven main energy centres, the themes they carry and the signs of imbalance.',
        durationMinutes: 40,
      },
      {
        title: 'Grounding & Protection',
        description: 'Daily practices to root yourself, keep your energy your own and recover after draining days.',
        durationMinutes: 35,
      },
      {
        title: 'Hands-On Healing for Yourself',
        description: 'A step-by-step self-healing session you can return to whenever you need restoring.',
        durationMinutes: 38,
      },
      {
        title: 'Clearing Your Sacred Space',
        description: 'Cleanse and bless your home with smoke, sound and intention.',
        durationMinutes: 35,
      },
    ],
  },
  {
    id: 4,
    title: 'Intentional Beauty',
    summary: 'Turn your beauty routine into a ritual of self-love, presence and reverence.',
    description:
      'Beauty as a devotional practice rather than a standard to meet. Create rituals of adornment, nourishment and mirror work that celebrate the woman you already are.',
    estimatedHours: 2,
    lessons: [
      {
        title: 'Beauty as a Sacred Practice',
        description: 'Reclaim beauty from comparison and rediscover it as a way of honouring your body.',
        durationMinutes: 28,
      },
      {
        title: 'Rituals of Self-Adornment',
        description: 'Infuse your skincare, hair and dressing with intention, scent and blessing.',
        durationMinutes: 32,
      },
      {
        title: 'Nourishing From Within',
        description: 'Foods, herbs and rest that support radiance through every phase of your cycle.',
        durationMinutes: 30,
      },
      {
        title: 'Your Mirror Work Practice',
        description: 'A gentle daily mirror practice to meet yourself with kindness instead of critique.',
        durationMinutes: 30,
      },
    ],
  },
  {
    id: 5,
    title: 'Spiritual Baths',
    slug: 'spiritual-baths',
    summary: 'Craft cleansing and renewing baths with herbs, salts and moon-timed intention.',
    description:
      'Water has carried women’s rituals for thousands of years. Learn the meaning of herbs, flowers and salts, build your own spiritual baths, and time them with the moon for cleansing, love and renewal.',
    estimatedHours: 3,
    lessons: [
      {
        title: 'The History of Ritual Bathing',
        description: 'From ancient temples to your grandmother’s kitchen: why water has always been sacred.',
        durationMinutes: 30,
      },
      {
        title: 'Herbs, Salts & Their Meanings',
        description: 'A practical guide to the botanicals and minerals used for cleansing, love, protection and calm.',
        durationMinutes: 40,
      },
      {
        title: 'Building Your Spiritual Bath',
        description: 'Prepare the space, the water and yourself, step by step, for a bath that truly restores.',
        durationMinutes: 38,
      },
      {
        title: 'Moon-Phase Bath Rituals',
        description: 'Baths for setting intentions at the new moon and releasing at the full moon.',
        durationMinutes: 37,
      },
      {
        title: 'Creating Your Personal Bath Recipe',
        description: 'Bring it all together into a signature bath recipe for the season you are in.',
        durationMinutes: 35,
      },
    ],
  },
];
