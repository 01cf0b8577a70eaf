import {
  type AdminLesson,
  DRIP_DAYS_MAX,
  LESSON_DESCRIPTION_MAX,
  LESSON_DURATION_MAX,
  LESSON_TITLE_MAX,
  type UpdateLessonBody,
  updateLessonBodySchema,
} from '@lunara/shared/content-studio';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { getAdminCourseQueryOptions } from '../api/admin-courses.ts';
import { getAdminLessonQueryOptions, updateLesson } from '../api/admin-lessons.ts';
import { useAutosave } from '../hooks/use-autosave.ts';
import { Field, firstIssue } from './field.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { LessonFilesField } from './lesson-files-field.tsx';
import { LessonVideoField, type ShownVideo } from './lesson-video-field.tsx';
import { MarkdownEditor } from './markdown-editor.tsx';
import { changesOutline } from './outline-moves.ts';
import { SaveStatus } from './save-status.tsx';

type LessonFields = Omit<UpdateLessonBody, 'version'>;

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The lesson editor: every field autosaves with the lesson's own version (the same hook as the course
 * editor), uploads become the lesson's at once, and leaving with unsaved changes asks first. The header
 * (links, title, actions) is the page's: `header` places the save status in it.
 */
export function LessonEditor({
  lesson,
  onReload,
  header,
  footer,
}: {
  lesson: AdminLesson;
  onReload: () => void;
  header: (status: ReactNode) => ReactNode;
  /** Below the editor: links to the lessons before and after it. */
  footer?: ReactNode;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const lessonKey = getAdminLessonQueryOptions(lesson.id).queryKey;
  const autosave = useAutosave<LessonFields, AdminLesson>({
    version: lesson.version,
    save: (patch) => updateLesson(lesson.id, patch),
    validate: (patch) => firstIssue(updateLessonBodySchema.safeParse(patch)),
    onSaved: (updated) => {
      queryClient.setQueryData(lessonKey, updated);
      // The outline's badges (title, duration, preview, drip, video) and hours come from the course: it is
      // fetched again only when one of them changed, not after every save of the text being typed.
      const courseKey = getAdminCourseQueryOptions(lesson.courseId).queryKey;
      if (changesOutline(queryClient.getQueryData(courseKey), updated)) {
        void queryClient.invalidateQueries({ queryKey: courseKey });
      }
    },
  });

  // Her fields: the autosave's answers never overwrite what she is typing (Reload mounts them again).
  const [title, setTitle] = useState(lesson.title);
  const [duration, setDuration] = useState(String(lesson.durationMinutes));
  const [description, setDescription] = useState(lesson.description);
  const [body, setBody] = useState(lesson.bodyMarkdown);
  const [link, setLink] = useState(lesson.videoLink ?? '');
  const [video, setVideo] = useState<ShownVideo | null>(lesson.video);
  const [isFreePreview, setIsFreePreview] = useState(lesson.isFreePreview);
  const [drip, setDrip] = useState(lesson.dripDays?.toString() ?? '');

  return (
    <div className="flex flex-col gap-6">
      <LeaveGuard when={autosave.isDirty} />
      {header(<SaveStatus state={autosave} onRetry={autosave.retry} onReload={onReload} />)}
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <Field id={`${id}-title`} label="Lesson title">
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={LESSON_TITLE_MAX}
            onChange={(event) => {
              setTitle(event.target.value);
              autosave.change({ title: event.target.value });
            }}
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <Field id={`${id}-duration`} label="Duration (minutes)">
            <Input
              id={`${id}-duration`}
              type="number"
              inputMode="numeric"
              min={1}
              max={LESSON_DURATION_MAX}
              step={1}
              value={duration}
              onChange={(event) => {
                setDuration(event.target.value);
                // An empty field is no duration at all: the check says so rather than sending it.
                autosave.change({ durationMinutes: numberOrNull(event.target.value) ?? Number.NaN });
              }}
            />
          </Field>
          <Field id={`${id}-description`} label="Short description" hint="A line or two on what the lesson holds.">
            <Textarea
              id={`${id}-description`}
              value={description}
              maxLength={LESSON_DESCRIPTION_MAX}
              rows={2}
              className="min-h-16"
              aria-describedby={`${id}-description-hint`}
              onChange={(event) => {
                setDescription(event.target.value);
                autosave.change({ description: event.target.value });
              }}
            />
          </Field>
        </div>
        <MarkdownEditor
          value={body}
          lessonId={lesson.id}
          onChange={(next) => {
            setBody(next);
            autosave.change({ bodyMarkdown: next });
          }}
        />
      </Card>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="p-5 sm:p-6">
          <LessonVideoField
            lessonId={lesson.id}
            video={video}
            link={link}
            onVideoChange={(next) => {
              setVideo(next);
              autosave.change({ videoMediaId: next?.id ?? null });
              autosave.flush();
            }}
            onLinkChange={(next) => {
              setLink(next);
              autosave.change({ videoLink: next.trim() === '' ? null : next });
            }}
          />
        </Card>
        <div className="flex flex-col gap-6">
          <Card className="p-5 sm:p-6">
            <LessonFilesField
              lessonId={lesson.id}
              files={lesson.files}
              onChanged={() => queryClient.invalidateQueries({ queryKey: ['admin', 'content'] })}
            />
          </Card>
          <Card className="flex flex-col gap-5 p-5 sm:p-6">
            <h2 className="text-xl text-night-900">Access</h2>
            <div className="flex items-start gap-3">
              <Switch
                id={`${id}-preview`}
                checked={isFreePreview}
                aria-describedby={`${id}-preview-hint`}
                onCheckedChange={(checked) => {
                  setIsFreePreview(checked);
                  // A preview is open to everyone at once: the server clears its drip, and so does the form.
                  if (checked) setDrip('');
                  autosave.change(checked ? { isFreePreview: true, dripDays: null } : { isFreePreview: false });
                }}
              />
              <div>
                <label htmlFor={`${id}-preview`} className="text-sm font-medium text-ink">
                  Free preview
                </label>
                <p id={`${id}-preview-hint`} className="text-xs text-ink-muted">
                  Visitors can open it from the landing and course pages, without an account or a membership.
                </p>
              </div>
            </div>
            <Field
              id={`${id}-drip`}
              label="Drip (days after joining)"
              hint={
                isFreePreview
                  ? 'A free preview is open to everyone, so it cannot be dripped.'
                  : drip.trim() === ''
                    ? 'Empty: open as soon as she can take the course.'
                    : `Opens ${drip} ${drip === '1' ? 'day' : 'days'} after she joins.`
              }
            >
              <Input
                id={`${id}-drip`}
                type="number"
                inputMode="numeric"
                min={1}
                max={DRIP_DAYS_MAX}
                step={1}
                value={drip}
                disabled={isFreePreview}
                className="max-w-40"
                aria-describedby={`${id}-drip-hint`}
                onChange={(event) => {
                  setDrip(event.target.value);
                  autosave.change({ dripDays: numberOrNull(event.target.value) });
                }}
              />
            </Field>
          </Card>
        </div>
      </div>
      {footer}
    </div>
  );
}
