/*
 * How stored images are addressed, from @lunara/shared/media, for the browser. That module also builds its
 * request and response schemas with zod at import, so importing any value from it puts zod (about 25 kB
 * gzip) into the first load of the page: course cards on the landing page, avatars on the community's.
 * media-images.test.ts keeps these equal to the shared ones; pages that upload import the shared module.
 */

/** The widths (CSS px x the densities shown) each image kind is stored at (the server makes these). */
export const IMAGE_WIDTHS = {
  avatar: [64, 128, 256],
  post_image: [340, 680, 1360, 2048],
  course_cover: [400, 800, 1600],
  lesson_image: [400, 800, 1600],
} as const;

/** An image's address at one of its stored widths. */
export const mediaImageUrl = (baseUrl: string, width: number) => `${baseUrl}/${width}`;

/** The stored image width that covers `cssWidth` at `density`, or the largest. */
export function pickImageWidth(widths: readonly number[], cssWidth: number, density = 1): number {
  const wanted = cssWidth * density;
  return widths.find((width) => width >= wanted) ?? (widths.at(-1) as number);
}
