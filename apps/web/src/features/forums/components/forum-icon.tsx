import type { ForumIcon as ForumIconName } from '@lunara/shared/community';
import { Flower2, Heart, HelpCircle, MessageCircle, Moon, Sparkles, Users } from 'lucide-react';

const ICONS = { Moon, Sparkles, Heart, Flower2, Users, HelpCircle, MessageCircle } as const;

/** A category's icon from the spec's set; anything else is MessageCircle. */
export function ForumIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name as ForumIconName] ?? MessageCircle;
  return <Icon className={className} aria-hidden="true" />;
}
