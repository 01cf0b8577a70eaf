import * as shared from '@lunara/shared/media';
import { describe, expect, it } from 'vitest';
import * as web from './media-images.ts';

describe("the browser's copy of how stored images are addressed", () => {
  it('has the widths the server stores, from @lunara/shared/media', () => {
    expect(web.IMAGE_WIDTHS).toEqual(shared.IMAGE_WIDTHS);
  });

  it('addresses and picks widths as the shared functions do', () => {
    expect(web.mediaImageUrl('/media/abc', 400)).toBe(shared.mediaImageUrl('/media/abc', 400));
    for (const [css, density] of [
      [10, 1],
      [64, 2],
      [300, 3],
      [5000, 1],
    ] as const) {
      expect(web.pickImageWidth(web.IMAGE_WIDTHS.avatar, css, density)).toBe(
        shared.pickImageWidth(shared.IMAGE_WIDTHS.avatar, css, density),
      );
    }
  });
});
