import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target.ts';

const id = '0b6b1c52-77a1-4e0f-9c59-2d9f8f2a1b3c';

describe('notificationTarget (the bell and push open the same page)', () => {
  it.each([
    [{ conversationId: id }, `/community?tab=messages&conversation=${id}`],
    [{ topicId: id, replyId: 'r' }, `/community?tab=forums&topic=${id}`],
    [{ postId: id }, `/community/post/${id}`],
    [{ postId: id, commentId: 'c' }, `/community/post/${id}`],
    [{ eventId: id, circleId: 'c' }, `/community?tab=events&event=${id}`],
    [{ circleId: id }, `/community/circles/${id}`],
    [{ circleId: id, postId: id, count: 3 }, `/community/circles/${id}`],
    [{ podId: id }, `/pods/${id}`],
    [{ exportId: id }, '/settings#data-export-section'],
    [{}, '/community'],
    [{ postId: 42 }, '/community'],
  ])('%j → %s', (data, url) => {
    expect(notificationTarget({ data })).toBe(url);
  });

  it('keeps whatever an id holds inside its query value', () => {
    expect(notificationTarget({ data: { topicId: 'a&tab=x#y' } })).toBe('/community?tab=forums&topic=a%26tab%3Dx%23y');
  });
});
