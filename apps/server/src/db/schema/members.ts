import { MEMBERSHIP_STATUSES } from '@lunara/shared/billing';
import { ROLES } from '@lunara/shared/roles';
import { THEME_CHOICES } from '@lunara/shared/theme';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { checkIn, createdAt, id, updatedAt } from './columns.ts';

/** One per account, created by a trigger in the same transaction as the account (migration 0001). */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    membershipStatus: text('membership_status').notNull().default('inactive'),
    /** The member's day (rituals, daily visits): follows her browser, at most one change a day (decision 016). */
    timeZone: text('time_zone').notNull().default('UTC'),
    timeZoneChangedAt: timestamp('time_zone_changed_at', { withTimezone: true }),
    /** Light, dark or the device's setting (issue 32); the page is drawn in it from the first paint. */
    theme: text('theme').notNull().default('system'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('profiles_membership_status_check', t.membershipStatus, MEMBERSHIP_STATUSES),
    checkIn('profiles_theme_check', t.theme, THEME_CHOICES),
    check('profiles_display_name_length', sql`char_length(${t.displayName}) between 1 and 80`),
    index('profiles_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('profiles_display_name_lower_idx').on(sql`lower(${t.displayName})`),
  ],
);

/** Exactly one role per user (spec section 3). */
export const userRoles = pgTable(
  'user_roles',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('user'),
    assignedBy: text('assigned_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [checkIn('user_roles_role_check', t.role, ROLES), index('user_roles_role_idx').on(t.role)],
);

export const userLocations = pgTable(
  'user_locations',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    city: text('city'),
    country: text('country'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_locations_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('user_locations_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);
