import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  pointerWithin,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { type AdminCourse, type AdminLessonSummary, MODULE_TITLE_MAX } from '@lunara/shared/content-studio';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import {
  addModule,
  deleteModule,
  getAdminCourse,
  getAdminCourseQueryOptions,
  renameModule,
  saveOutline,
  useRememberAdminCourse,
} from '../api/admin-courses.ts';
import { createLesson } from '../api/admin-lessons.ts';
import type { Exclusive } from '../hooks/use-autosave.ts';
import { ActionError, type ActionFailure, failureOf } from './action-error.tsx';
import { LessonRow } from './lesson-row.tsx';
import { checkModuleTitle, ModuleCard } from './module-card.tsx';
import {
  moduleOfLesson,
  moveLesson,
  moveLessonOnto,
  moveLessonToModule,
  moveModule,
  type OutlineOrder,
  orderOf,
  sameOrder,
} from './outline-moves.ts';
import { DRAG_INSTRUCTIONS, useSortableSensors } from './sortable-sensors.ts';
import { TitleDialogButton } from './title-dialog.tsx';

const idOf = (key: unknown) => String(key).replace(/^(lesson|module):/, '');
const isLessonKey = (key: unknown) => String(key).startsWith('lesson:');
const isModuleKey = (key: unknown) => String(key).startsWith('module:');
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The course's modules and lessons. Dragging (mouse, touch, or the keyboard sensor on a handle) or the
 * rows' Move menus change a local order at once; each finished move sends the whole order with the
 * course's version (PUT .../outline), and a refusal puts the server's order back with its message.
 */
export function CourseOutline({
  course,
  exclusive,
  onReload,
}: {
  course: AdminCourse;
  exclusive: Exclusive;
  onReload: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sensors = useSortableSensors();
  const serverOrder = useMemo(() => orderOf(course.modules), [course.modules]);
  const [order, setOrder] = useState(serverOrder);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [notice, setNotice] = useState('');

  // The server's order wins whenever it changes, except in the middle of a drag.
  useEffect(() => {
    if (activeKey === null) setOrder(serverOrder);
  }, [serverOrder, activeKey]);

  const lessons = useMemo(() => {
    const map = new Map<string, AdminLessonSummary>();
    for (const module of course.modules) for (const lesson of module.lessons) map.set(lesson.id, lesson);
    return map;
  }, [course.modules]);
  const moduleTitles = useMemo(
    () => new Map(course.modules.map((module) => [module.id, module.title] as const)),
    [course.modules],
  );
  const titleOfKey = (key: unknown) =>
    isLessonKey(key) ? `lesson ${lessons.get(idOf(key))?.title ?? ''}` : `module ${moduleTitles.get(idOf(key)) ?? ''}`;

  const setCourse = useRememberAdminCourse();

  /** Runs one change of the course (it carries or bumps its version) and shows its answer or refusal. */
  async function run(action: (version: number) => Promise<AdminCourse>, fallback: string, done?: string) {
    setFailure(null);
    setIsSaving(true);
    try {
      const updated = await exclusive(action);
      setCourse(updated);
      if (done) setNotice(done);
      return updated;
    } catch (error) {
      setFailure(failureOf(error, fallback));
      setOrder(
        orderOf(queryClient.getQueryData(getAdminCourseQueryOptions(course.id).queryKey)?.modules ?? course.modules),
      );
      throw error;
    } finally {
      setIsSaving(false);
    }
  }

  function commit(next: OutlineOrder, done: string) {
    if (sameOrder(next, serverOrder)) return;
    setOrder(next);
    run(
      (version) => saveOutline(course.id, { version, modules: next }),
      'The new order could not be saved',
      done,
    ).catch(() => undefined);
  }

  const describeLesson = (next: OutlineOrder, lessonId: string) => {
    const moduleIndex = moduleOfLesson(next, lessonId);
    const module = next[moduleIndex];
    if (!module) return 'Order saved';
    return `Order saved: ${lessons.get(lessonId)?.title} is lesson ${module.lessonIds.indexOf(lessonId) + 1} of ${module.lessonIds.length} in ${moduleTitles.get(module.id)}`;
  };
  const describeModule = (next: OutlineOrder, moduleId: string) =>
    `Order saved: ${moduleTitles.get(moduleId)} is module ${next.findIndex((module) => module.id === moduleId) + 1} of ${next.length}`;

  // Modules only meet modules; a lesson prefers the lesson under the pointer, then the module under it
  // (an empty one, or the space below its last lesson), then the nearest lesson (the keyboard has no pointer).
  const collisionDetection: CollisionDetection = (args) => {
    if (isModuleKey(args.active.id)) {
      return closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((container) => isModuleKey(container.id)),
      });
    }
    const hits = pointerWithin(args);
    const lessonHits = hits.filter((hit) => isLessonKey(hit.id));
    if (lessonHits.length > 0) return lessonHits;
    if (hits.length > 0) return hits;
    const emptyModules = new Set(
      order.filter((module) => module.lessonIds.length === 0).map((module) => `module:${module.id}`),
    );
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter(
        (container) => isLessonKey(container.id) || emptyModules.has(String(container.id)),
      ),
    });
  };

  function handleDragOver({ active, over }: DragOverEvent) {
    if (!over || !isLessonKey(active.id) || active.id === over.id) return;
    const lessonId = idOf(active.id);
    const from = moduleOfLesson(order, lessonId);
    if (isLessonKey(over.id)) {
      const to = moduleOfLesson(order, idOf(over.id));
      // Within a module the sortable strategy shows the move; only a change of module changes the order.
      if (to !== from) setOrder(moveLessonOnto(order, lessonId, idOf(over.id)));
    } else if (isModuleKey(over.id) && order[from]?.id !== idOf(over.id)) {
      setOrder(moveLessonToModule(order, lessonId, idOf(over.id)));
    }
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    setActiveKey(null);
    if (!over) return setOrder(serverOrder);
    if (isLessonKey(active.id)) {
      const lessonId = idOf(active.id);
      const next = isLessonKey(over.id) ? moveLessonOnto(order, lessonId, idOf(over.id)) : order;
      commit(next, describeLesson(next, lessonId));
    } else if (isModuleKey(active.id) && isModuleKey(over.id)) {
      const from = order.findIndex((module) => module.id === idOf(active.id));
      const to = order.findIndex((module) => module.id === idOf(over.id));
      const next = arrayMove(order, from, to);
      commit(next, describeModule(next, idOf(active.id)));
    }
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOfKey(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${capitalized(titleOfKey(active.id))} is over ${titleOfKey(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${capitalized(titleOfKey(active.id))} dropped at ${titleOfKey(over.id)}.`
        : `${capitalized(titleOfKey(active.id))} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOfKey(active.id)} was cancelled.`,
  };

  // The dialog's key: a retry after a failure (the lesson may have been made) does not make a second one.
  async function addLessonTo(moduleId: string, title: string, idempotencyKey: string) {
    let lessonId = '';
    await run(async () => {
      const lesson = await createLesson({ moduleId, title, idempotencyKey });
      lessonId = lesson.id;
      // A new lesson bumps the course's version: the editor continues from the course as it is now.
      return getAdminCourse(course.id);
    }, 'The lesson could not be created');
    navigate(paths.adminLesson.getHref(course.id, lessonId));
  }

  return (
    <section aria-labelledby="outline-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="outline-heading" className="text-2xl text-night-900">
            Modules and lessons
          </h2>
          <p className="text-sm text-ink-muted">
            Drag by the handles, or use each row’s menu, to change the order. Lessons can move between modules.
          </p>
        </div>
        <TitleDialogButton
          trigger={
            <>
              <Plus className="size-4" aria-hidden="true" /> Add module
            </>
          }
          title="New module"
          fieldLabel="Module title"
          submitLabel="Create module"
          maxLength={MODULE_TITLE_MAX}
          validate={checkModuleTitle}
          onSubmit={async (title) => {
            await run(() => addModule(course.id, title), 'The module could not be added', `Module ${title} added`);
          }}
        />
      </div>
      <ActionError failure={failure} onReload={onReload} />
      <p role="status" aria-live="polite" className="sr-only">
        {isSaving ? 'Saving the order…' : notice}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragStart={({ active }) => {
          setActiveKey(String(active.id));
          setFailure(null);
        }}
        onDragOver={handleDragOver}
        onDragEnd={handleDragEnd}
        onDragCancel={() => {
          setActiveKey(null);
          setOrder(serverOrder);
        }}
        accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
      >
        <SortableContext items={order.map((module) => `module:${module.id}`)} strategy={verticalListSortingStrategy}>
          <div className="flex flex-col gap-4">
            {order.map((module, moduleIndex) => {
              const title = moduleTitles.get(module.id) ?? 'Module';
              return (
                <ModuleCard
                  key={module.id}
                  moduleId={module.id}
                  title={title}
                  number={moduleIndex + 1}
                  lessonIds={module.lessonIds}
                  actions={{
                    canMoveUp: moduleIndex > 0,
                    canMoveDown: moduleIndex < order.length - 1,
                    moveUp: () => {
                      const next = moveModule(order, module.id, -1);
                      commit(next, describeModule(next, module.id));
                    },
                    moveDown: () => {
                      const next = moveModule(order, module.id, 1);
                      commit(next, describeModule(next, module.id));
                    },
                    rename: async (newTitle) => {
                      await run(
                        () => renameModule(module.id, newTitle),
                        'The module could not be renamed',
                        'Module renamed',
                      );
                    },
                    remove: () => {
                      run(
                        () => deleteModule(module.id),
                        'The module could not be deleted',
                        `Module ${title} deleted`,
                      ).catch(() => undefined);
                    },
                    addLesson: (lessonTitle, idempotencyKey) => addLessonTo(module.id, lessonTitle, idempotencyKey),
                  }}
                >
                  {module.lessonIds.map((lessonId, lessonIndex) => {
                    const lesson = lessons.get(lessonId);
                    if (!lesson) return null;
                    const isFirst = moduleIndex === 0 && lessonIndex === 0;
                    const isLast = moduleIndex === order.length - 1 && lessonIndex === module.lessonIds.length - 1;
                    return (
                      <LessonRow
                        key={lessonId}
                        lesson={lesson}
                        href={paths.adminLesson.getHref(course.id, lessonId)}
                        moves={{
                          canMoveUp: !isFirst,
                          canMoveDown: !isLast,
                          moveUp: () => {
                            const next = moveLesson(order, lessonId, -1);
                            commit(next, describeLesson(next, lessonId));
                          },
                          moveDown: () => {
                            const next = moveLesson(order, lessonId, 1);
                            commit(next, describeLesson(next, lessonId));
                          },
                          targets: order
                            .filter((other) => other.id !== module.id)
                            .map((other) => ({ id: other.id, title: moduleTitles.get(other.id) ?? 'Module' })),
                          moveTo: (moduleId) => {
                            const next = moveLessonToModule(order, lessonId, moduleId);
                            commit(next, describeLesson(next, lessonId));
                          },
                        }}
                      />
                    );
                  })}
                </ModuleCard>
              );
            })}
          </div>
        </SortableContext>
      </DndContext>
    </section>
  );
}
