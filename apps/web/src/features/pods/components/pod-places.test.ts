import { describe, expect, it } from 'vitest';
import { notificationTarget } from '../../notifications/lib/notification-target.ts';
import { isFull, placesText } from './pod-places.ts';

describe('pod places', () => {
  it('counts the mentor in the places taken', () => {
    expect(placesText({ memberCount: 1, capacity: 4 })).toBe('1 of 4 places taken (mentor included)');
    expect(isFull({ memberCount: 4, capacity: 4 })).toBe(true);
    expect(isFull({ memberCount: 3, capacity: 4 })).toBe(false);
  });

  it('leads a pod notification to the pod page', () => {
    const notification = {
      id: 'n',
      type: 'pod_accepted',
      title: 'Welcome to the pod',
      message: 'You are now in New Moon',
      read: false,
      data: { podId: '0b6b1c52-77a1-4e0f-9c59-2d9f8f2a1b3c' },
      createdAt: new Date().toISOString(),
    };
    expect(notificationTarget(notification)).toBe('/pods/0b6b1c52-77a1-4e0f-9c59-2d9f8f2a1b3c');
  });
});
