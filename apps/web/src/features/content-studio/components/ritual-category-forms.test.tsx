import { CONTENT_MESSAGES } from '@lunara/shared/content-studio';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_MESSAGE } from '../../../lib/api-client.ts';
import { CategoryForm } from './category-form.tsx';
import { moveBy, moveOnto, positionText } from './category-order.ts';
import { categoryFormValues, checkCategoryForm } from './category-values.ts';
import { hasChanges, saveFailureOf } from './ritual-category-form-state.ts';
import { SaveFailureNotice } from './ritual-category-save-conflict.tsx';
import { RitualTemplateForm } from './ritual-template-form.tsx';
import { checkRitualForm, ritualFormValues } from './ritual-template-values.ts';

const ritual = {
  id: 'r1',
  title: 'Full moon gratitude',
  description: 'Give thanks under the full moon.',
  instructions: 'Step outside\nName three gifts',
  durationMinutes: 15,
  category: 'gratitude',
  moonPhase: 'full_moon' as const,
  completionCount: 4,
  version: 3,
};
const category = {
  id: 'c1',
  name: 'Moon wisdom',
  description: 'Lunar lore',
  icon: 'Moon' as const,
  color: 'indigo',
  isActive: false,
  topicCount: 2,
  version: 2,
};
const noop = () => {};
const render = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

describe('the ritual form’s checks', () => {
  it('put each problem beside its own field', () => {
    const { errors } = checkRitualForm({ ...ritualFormValues(), durationMinutes: '' });
    expect(errors).toMatchObject({
      title: 'Give the ritual a title',
      description: 'Describe the ritual',
      instructions: 'Write at least one step',
      category: 'Give the ritual a category',
      durationMinutes: 'Duration must be a number of minutes',
    });
    expect(errors?.moonPhase).toBeUndefined();
  });

  it('hold the duration to whole minutes up to 8 hours', () => {
    const filled = ritualFormValues(ritual);
    expect(checkRitualForm({ ...filled, durationMinutes: '481' }).errors?.durationMinutes).toBe(
      'Duration must be at most 8 hours',
    );
    expect(checkRitualForm({ ...filled, durationMinutes: '2.5' }).errors?.durationMinutes).toBe(
      'Duration must be a whole number of minutes',
    );
    expect(checkRitualForm({ ...filled, durationMinutes: ' 20 ' }).body).toMatchObject({ durationMinutes: 20 });
  });

  it('start a new ritual in the phase it was added from', () => {
    expect(ritualFormValues(undefined, 'waxing_gibbous')).toMatchObject({ moonPhase: 'waxing_gibbous', title: '' });
  });
});

describe('the category form’s checks', () => {
  it('put each problem beside its own field', () => {
    const { errors } = checkCategoryForm({ ...categoryFormValues(), name: '  ' });
    expect(errors).toEqual({ name: 'Give the category a name', description: 'Describe the category' });
  });

  it('send what the server expects', () => {
    expect(checkCategoryForm(categoryFormValues(category)).body).toEqual({
      name: 'Moon wisdom',
      description: 'Lunar lore',
      icon: 'Moon',
      color: 'indigo',
      isActive: false,
    });
  });
});

describe('a save that failed', () => {
  it('offers Reload for another admin’s save in between, and only then', () => {
    const conflict = saveFailureOf(new ApiError(CONTENT_MESSAGES.versionConflict, 'VERSION_CONFLICT', 409));
    expect(conflict).toEqual({ kind: 'conflict', message: CONTENT_MESSAGES.versionConflict });
    const html = renderToStaticMarkup(<SaveFailureNotice failure={conflict} onReload={noop} isReloading={false} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Someone else saved changes here while you were editing.');
    expect(html).toContain('Reload</button>');

    const network = saveFailureOf(new ApiError(NETWORK_MESSAGE, 'NETWORK_ERROR', 0));
    expect(network.kind).toBe('error');
    const other = renderToStaticMarkup(<SaveFailureNotice failure={network} onReload={noop} isReloading={false} />);
    expect(other).toContain(NETWORK_MESSAGE);
    expect(other).not.toContain('Reload');
    expect(saveFailureOf(new ApiError(CONTENT_MESSAGES.categoryHasTopics, 'CONFLICT', 409)).kind).toBe('error');
  });

  it('shows nothing when there is none', () => {
    expect(renderToStaticMarkup(<SaveFailureNotice failure={null} onReload={noop} isReloading={false} />)).toBe('');
  });
});

describe('unsaved changes', () => {
  it('are any field differing from what the form was opened with', () => {
    const initial = ritualFormValues(ritual);
    expect(hasChanges({ ...initial }, initial)).toBe(false);
    expect(hasChanges({ ...initial, title: 'New' }, initial)).toBe(true);
    const start = categoryFormValues(category);
    expect(hasChanges({ ...start, isActive: true }, start)).toBe(true);
  });
});

describe('the forms as rendered', () => {
  const props = { onSaved: noop, onCancel: noop, onDirtyChange: noop, onReload: async () => {} };

  it('label every ritual field and open on the template being edited', () => {
    const html = render(<RitualTemplateForm ritual={ritual} categories={['gratitude']} {...props} />);
    for (const label of ['Title', 'Description', 'Instructions', 'Duration (minutes)', 'Category', 'Moon phase']) {
      expect(html).toMatch(new RegExp(`<label[^>]*for="[^"]+"[^>]*>${label.replace(/[()]/g, '\\$&')}</label>`));
    }
    expect(html).toContain('value="Full moon gratitude"');
    expect(html).toContain('Save ritual');
  });

  it('offer every icon and colour as named choices, and the visible switch', () => {
    const html = render(<CategoryForm category={category} {...props} />);
    expect(html.match(/type="radio"/g)).toHaveLength(7 + 6);
    expect(html).toContain('<legend class="mb-2 text-sm font-medium text-ink">Icon</legend>');
    expect(html).toContain('<span class="sr-only">Speech bubble</span>');
    expect(html).toContain('<span class="sr-only">Teal</span>');
    expect(html).toMatch(/role="switch" aria-checked="false"/);
    expect(html).toContain('Visible in the forums</label>');
  });
});

describe('reordering categories', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('moves one place up or down, never past the ends', () => {
    expect(moveBy(ids, 'c', -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveBy(ids, 'a', -1)).toEqual(ids);
    expect(moveBy(ids, 'd', 1)).toEqual(ids);
  });
  it('drops where the other one was, and says where', () => {
    expect(moveOnto(ids, 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(positionText(['b', 'c', 'a', 'd'], 'a')).toBe('position 3 of 4');
  });
});
