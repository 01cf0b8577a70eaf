import type { AppNotification } from './notifications.ts';

/**
 * What the member's event stream (`GET /api/realtime`) carries: one JSON object per SSE message.
 * Types only (no zod) so that the browser's stream client stays small.
 */
export type RealtimeEvent =
  | { type: 'ready' }
  /**
   * New, or an earlier one brought back to the top (several likes collapse into one): `replacesUnread`
   * says that the one it replaces was still unread, so the unread count does not grow twice.
   */
  | { type: 'notification.created'; notification: AppNotification; replacesUnread?: boolean }
  | { type: 'notification.updated'; notification: AppNotification }
  | { type: 'notifications.all-read' }
  | { type: 'message.created'; conversationId: string; messageId: string; senderId: string }
  | { type: 'conversation.read'; conversationId: string }
  /** A group conversation's members or title changed (she may have joined or left it): refetch it. */
  | { type: 'conversation.changed'; conversationId: string }
  /** A moderator decided her join request: her circle cards change. */
  | { type: 'circle.membership-changed'; circleId: string }
  /** The server may have missed events (its database listener reconnected): refetch everything. */
  | { type: 'resync' };

export type RealtimeEventType = RealtimeEvent['type'];

/** How long the browser waits before reconnecting after the stream drops (also sent as SSE `retry`). */
export const REALTIME_RETRY_MS = 3_000;
/** A comment line this often keeps proxies from closing an idle stream and finds dead connections. */
export const REALTIME_HEARTBEAT_MS = 25_000;
