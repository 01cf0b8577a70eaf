import {
  type AssessmentDefinition,
  type AssessmentQuestion,
  assessmentDefinitionSchema,
} from '@lunara/shared/assessment';
import { Save } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { ActionError, type ActionFailure, failureOf } from '../../content-studio/components/action-error.tsx';
import { firstIssue } from '../../content-studio/components/field.tsx';
import { LeaveGuard } from '../../content-studio/components/leave-guard.tsx';
import { useAdminAssessment, useSaveAssessment } from '../api/assessment.ts';
import { useItemTargets } from './item-targets.ts';
import { PathwayItemsEditor } from './pathway-items-editor.tsx';
import { QuestionsEditor } from './questions-editor.tsx';

/** Removing an item takes the weights that pointed at it along. */
function withItems(definition: AssessmentDefinition, items: AssessmentDefinition['items']): AssessmentDefinition {
  const kept = new Set(items.map((item) => item.id));
  return {
    items,
    questions: definition.questions.map((question) => ({
      ...question,
      options: question.options.map((option) => ({
        ...option,
        weights: option.weights.filter((weight) => kept.has(weight.itemId)),
      })),
    })),
  };
}

function Editor({ version, saved, onReload }: { version: number; saved: AssessmentDefinition; onReload: () => void }) {
  const [draft, setDraft] = useState(saved);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const save = useSaveAssessment();
  const targets = useItemTargets(draft.items);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const updateQuestions = useCallback(
    (update: (questions: AssessmentQuestion[]) => AssessmentQuestion[]) =>
      setDraft((current) => ({ ...current, questions: update(current.questions) })),
    [],
  );

  const submit = () => {
    const checked = assessmentDefinitionSchema.safeParse(draft);
    if (!checked.success) {
      setFailure({ message: firstIssue(checked) ?? 'Check the assessment', isConflict: false });
      return;
    }
    setFailure(null);
    save.mutate(
      { version, definition: checked.data },
      // The saved version remounts this editor from it (AssessmentEditor's key): only failures are said here.
      { onError: (error) => setFailure(failureOf(error, 'Could not save the assessment')) },
    );
  };

  if (targets.isLoading) return <Spinner className="size-6 text-gold-500" />;
  return (
    <div className="flex flex-col gap-8">
      <LeaveGuard when={isDirty} />
      <div className="sticky top-[4.25rem] z-10 -mx-1 flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-control)] border border-line bg-moon-50/95 p-3 backdrop-blur">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {save.isPending ? 'Saving...' : isDirty ? 'Unsaved changes' : 'All changes saved'}
          {' · '}
          <Link to={paths.assessment.getHref()} className="text-rose-700 underline-offset-4 hover:underline">
            Take it as a member would
          </Link>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" disabled={!isDirty || save.isPending} onClick={() => setDraft(saved)}>
            Discard changes
          </Button>
          <Button variant="primary" size="sm" disabled={!isDirty || save.isPending} onClick={submit}>
            <Save className="size-4" aria-hidden="true" /> Save assessment
          </Button>
        </div>
        <div className="basis-full empty:hidden">
          <ActionError failure={failure} onReload={onReload} />
        </div>
      </div>
      <QuestionsEditor questions={draft.questions} items={draft.items} targets={targets} update={updateQuestions} />
      <PathwayItemsEditor
        items={draft.items}
        targets={targets}
        onChange={(items) => setDraft(withItems(draft, items))}
      />
    </div>
  );
}

/** The Content Studio's Assessment section: the questions, their answers' weights and the pathway items. */
export function AssessmentEditor() {
  const assessment = useAdminAssessment();
  if (assessment.isPending) return <Spinner className="size-6 text-gold-500" />;
  if (assessment.isError) return <LoadError message="Failed to load the assessment" query={assessment} />;
  // A new editor for each saved version from elsewhere (a reload after a conflict starts from it).
  return (
    <Editor
      key={assessment.data.version}
      version={assessment.data.version}
      saved={assessment.data.definition}
      onReload={() => void assessment.refetch()}
    />
  );
}
