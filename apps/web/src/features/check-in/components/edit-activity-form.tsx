import { zodResolver } from '@hookform/resolvers/zod';
import type { Activity, UpdateActivityBody } from '@wellspring/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useUpdateActivity } from '../api/update-activity';
import {
  ActivityFields,
  ActivityFormSchema,
  FormAlert,
  showSaveError,
  type ActivityFormValues,
} from './activity-form-parts';

/** Only what was changed: a new group puts the activity at the end of it (decision 074). */
function changesOf(activity: Activity, values: ActivityFormValues): UpdateActivityBody {
  return {
    ...(values.name !== activity.name && { name: values.name }),
    ...(values.group !== activity.group && { group: values.group }),
    ...(values.icon !== activity.icon && { icon: values.icon }),
  };
}

/** Rename, regroup or re-icon one activity; a refusal keeps what was typed. */
export function EditActivityForm({
  activity,
  onSaved,
  onCancel,
}: {
  activity: Activity;
  onSaved: (activity: Activity, changes: UpdateActivityBody) => void;
  onCancel: () => void;
}) {
  const update = useUpdateActivity();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ActivityFormValues>({
    resolver: zodResolver(ActivityFormSchema),
    defaultValues: { name: activity.name, group: activity.group, icon: activity.icon },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const body = changesOf(activity, values);
    if (Object.keys(body).length === 0) return onCancel();
    // On the promise: a new group takes the row, and this form, away before the call is over.
    update.mutateAsync({ activityId: activity.id, body }).then(
      (saved) => onSaved(saved, body),
      (error: unknown) => setFormError(showSaveError(error, setError)),
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Change ${activity.name}`}
      className="flex flex-col gap-4"
    >
      {formError && <FormAlert message={formError} />}
      <ActivityFields register={register} control={control} errors={errors} />
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
