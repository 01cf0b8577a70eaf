import {
  type AdminCourse,
  COURSE_DESCRIPTION_MAX,
  COURSE_HOURS_MAX,
  COURSE_SUMMARY_MAX,
  COURSE_TITLE_MAX,
  type UpdateCourseBody,
} from '@lunara/shared/content-studio';
import type { CourseAccess } from '@lunara/shared/courses';
import { useId, useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { Field } from './field.tsx';

export type CourseFields = Omit<UpdateCourseBody, 'version'>;

/** The course's own fields; every edit goes to the autosave (`onChange`), the page shows the status. */
export function CourseDetailsForm({
  course,
  onChange,
}: {
  course: AdminCourse;
  onChange: (patch: CourseFields) => void;
}) {
  const id = useId();
  // The fields start from the loaded course and then belong to her: answers of the autosave never
  // overwrite what she is typing (a reload after a conflict mounts the form again).
  const [title, setTitle] = useState(course.title);
  const [summary, setSummary] = useState(course.summary);
  const [description, setDescription] = useState(course.description);
  const [hours, setHours] = useState(course.estimatedHours?.toString() ?? '');
  const [access, setAccess] = useState<CourseAccess>(course.access);
  const [sequential, setSequential] = useState(course.sequential);

  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6">
      <h2 className="text-xl text-night-900">Details</h2>
      <Field id={`${id}-title`} label="Course title">
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={COURSE_TITLE_MAX}
          onChange={(event) => {
            setTitle(event.target.value);
            onChange({ title: event.target.value });
          }}
        />
      </Field>
      <Field id={`${id}-summary`} label="Summary" hint="One or two sentences on the course card.">
        <Textarea
          id={`${id}-summary`}
          value={summary}
          maxLength={COURSE_SUMMARY_MAX}
          rows={2}
          className="min-h-16"
          aria-describedby={`${id}-summary-hint`}
          onChange={(event) => {
            setSummary(event.target.value);
            onChange({ summary: event.target.value });
          }}
        />
      </Field>
      <Field id={`${id}-description`} label="Description" hint="Shown on the course page.">
        <Textarea
          id={`${id}-description`}
          value={description}
          maxLength={COURSE_DESCRIPTION_MAX}
          rows={5}
          aria-describedby={`${id}-description-hint`}
          onChange={(event) => {
            setDescription(event.target.value);
            onChange({ description: event.target.value });
          }}
        />
      </Field>
      <Field
        id={`${id}-hours`}
        label="Estimated hours"
        hint={
          hours.trim() === ''
            ? `Worked out from lessons: ${course.computedHours} h`
            : 'Leave empty to work it out from the lessons.'
        }
      >
        <Input
          id={`${id}-hours`}
          type="number"
          inputMode="numeric"
          min={1}
          max={COURSE_HOURS_MAX}
          step={1}
          value={hours}
          className="max-w-40"
          aria-describedby={`${id}-hours-hint`}
          onChange={(event) => {
            setHours(event.target.value);
            const text = event.target.value.trim();
            onChange({ estimatedHours: text === '' ? null : Number(text) });
          }}
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-ink">Access</legend>
        {(
          [
            ['members', 'Members only', 'Paying members take it.'],
            ['free', 'Free for every account', 'Anyone who signs up can take it, without a membership.'],
          ] as const
        ).map(([value, label, hint]) => (
          <label key={value} className="flex cursor-pointer items-start gap-2.5 text-sm pointer-coarse:min-h-11">
            <input
              type="radio"
              name={`${id}-access`}
              value={value}
              checked={access === value}
              className="mt-0.5 size-4 accent-night-700"
              onChange={() => {
                setAccess(value);
                onChange({ access: value });
              }}
            />
            <span>
              <span className="font-medium text-ink">{label}</span>
              <span className="block text-xs text-ink-muted">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex items-start gap-3">
        <Switch
          id={`${id}-sequential`}
          checked={sequential}
          aria-describedby={`${id}-sequential-hint`}
          onCheckedChange={(checked) => {
            setSequential(checked);
            onChange({ sequential: checked });
          }}
        />
        <div>
          <label htmlFor={`${id}-sequential`} className="text-sm font-medium text-ink">
            Lessons in order
          </label>
          <p id={`${id}-sequential-hint`} className="text-xs text-ink-muted">
            On: a member completes each lesson before the next. Off: she may take them in any order.
          </p>
        </div>
      </div>
    </Card>
  );
}
