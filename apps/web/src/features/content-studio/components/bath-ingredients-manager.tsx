import type { AdminBathIngredient } from '@lunara/shared/bath-schemas';
import { BATH_CAUTION_LABELS, BATH_INGREDIENT_KINDS, BATH_KIND_LABELS } from '@lunara/shared/baths';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useBathIngredients, useDeleteBathIngredient } from '../api/bath-ingredients.ts';
import { useEditSession } from '../hooks/use-edit-session.ts';
import { BathIngredientForm } from './bath-ingredient-form.tsx';
import { EditDialog } from './ritual-category-edit-dialog.tsx';

type Editing = { ingredient?: AdminBathIngredient };

/** The bath builder's ingredients, by kind: add, edit (offered or not), delete. */
export function BathIngredientsManager() {
  const list = useBathIngredients();
  const remove = useDeleteBathIngredient();
  const { editing, setEditing, dirty, setDirty, close, reopen } = useEditSession<Editing>();
  useErrorToast(list.error, 'Failed to load the bath ingredients');

  const ingredients = list.data?.ingredients ?? [];

  function reload() {
    const ingredientId = editing?.ingredient?.id;
    const latest = list.refetch().then((fresh) => {
      const ingredient = fresh.data?.ingredients.find((candidate) => candidate.id === ingredientId);
      return ingredient ? { ingredient } : null;
    });
    return reopen(latest, 'This ingredient was deleted by another admin');
  }

  function deleteIngredient(ingredient: AdminBathIngredient) {
    remove.mutate(ingredient.id, {
      onSuccess: () => toast.success(`“${ingredient.name}” deleted`),
      onError: (error) => toast.error('Failed to delete the ingredient', { description: error.message }),
    });
  }

  if (list.isPending) return <Spinner className="text-gold-500" />;
  if (list.isError) return <LoadError message="Failed to load the bath ingredients" query={list} />;

  return (
    <Card className="flex flex-col gap-5 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl text-night-900">Bath ingredients</h2>
          <p className="text-sm text-ink-muted">
            What members choose from in the Spiritual Bath Builder. Saved baths keep their own recipe.
          </p>
        </div>
        <Button onClick={() => setEditing({})}>
          <Plus className="size-4" aria-hidden="true" /> Add ingredient
        </Button>
      </div>
      {BATH_INGREDIENT_KINDS.map((kind) => {
        const ofKind = ingredients.filter((ingredient) => ingredient.kind === kind);
        const headingId = `bath-kind-${kind}`;
        return (
          <section key={kind} aria-labelledby={headingId} className="flex flex-col gap-1">
            <h3 id={headingId} className="font-display text-lg text-night-900">
              {BATH_KIND_LABELS[kind].many}
            </h3>
            {ofKind.length === 0 ? (
              <p className="text-sm text-ink-muted">None yet.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-line">
                {ofKind.map((ingredient) => (
                  <li key={ingredient.id} className="flex items-center gap-2 py-2 text-sm">
                    <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                      <span className="block font-semibold">
                        {ingredient.name} <span className="font-normal text-ink-muted">· {ingredient.amount}</span>
                      </span>
                      <span className="mt-1 flex flex-wrap gap-1">
                        {!ingredient.isActive && <Badge>Not offered</Badge>}
                        {ingredient.cautionTags.map((tag) => (
                          <Badge key={tag} tone="rose">
                            {BATH_CAUTION_LABELS[tag]}
                          </Badge>
                        ))}
                      </span>
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit ${ingredient.name}`}
                      onClick={() => setEditing({ ingredient })}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                    </Button>
                    <ConfirmButton
                      label={`Delete ${ingredient.name}`}
                      title={`Delete “${ingredient.name}”?`}
                      description="Members will no longer find it in the builder. Baths already saved keep it in their recipe. To take it away for a while, edit it and turn off “Offered” instead."
                      confirmLabel="Delete ingredient"
                      cancelLabel="Keep ingredient"
                      onConfirm={() => deleteIngredient(ingredient)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </ConfirmButton>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <EditDialog
        open={editing !== null}
        title={editing?.ingredient ? 'Edit ingredient' : 'New ingredient'}
        isDirty={dirty}
        onClose={close}
      >
        {(requestClose) =>
          editing && (
            <BathIngredientForm
              key={`${editing.ingredient?.id ?? 'new'}-${editing.ingredient?.version ?? 0}`}
              ingredient={editing.ingredient}
              onSaved={close}
              onCancel={requestClose}
              onDirtyChange={setDirty}
              onReload={reload}
            />
          )
        }
      </EditDialog>
    </Card>
  );
}
