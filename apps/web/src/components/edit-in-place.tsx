import { lazyPart } from './lazy-part.tsx';

export type { EditedValues, EditInPlaceProps } from './edit-in-place-form.tsx';

/**
 * Editing a post, comment, topic or reply where it stands (edit-in-place-form.tsx): shown only once she
 * presses Edit, so its code (the formatting editor) downloads then, not with every page that lists them.
 */
export const EditInPlace = lazyPart(
  'components/edit-in-place-form.tsx',
  () => import('./edit-in-place-form.tsx').then((module) => module.EditInPlaceForm),
  'Opening the editor...',
);
