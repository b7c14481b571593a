import { zodResolver } from '@hookform/resolvers/zod';
import type { Activity } from '@wellspring/shared';
import { CirclePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useCreateActivity } from '../api/create-activity';
import {
  ActivityFields,
  ActivityFormSchema,
  FormAlert,
  showSaveError,
  type ActivityFormValues,
} from './activity-form-parts';

const EMPTY: ActivityFormValues = { name: '', group: 'sleep', icon: 'Sparkles' };

/**
 * A new activity's name, group and icon. After an add the form stays open with the same group
 * and an empty name, ready for the next; a refusal keeps what was typed.
 */
export function AddActivityForm({
  onAdded,
  onCancel,
}: {
  onAdded: (activity: Activity) => void;
  onCancel: () => void;
}) {
  const create = useCreateActivity();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<ActivityFormValues>({
    resolver: zodResolver(ActivityFormSchema),
    defaultValues: EMPTY,
  });

  // On opening, and after each add: a reset re-registers the fields, so focus waits for it.
  const [added, setAdded] = useState(0);
  useEffect(() => setFocus('name'), [added, setFocus]);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    create.mutate(values, {
      onSuccess: (activity) => {
        reset({ ...values, name: '' });
        setAdded((count) => count + 1);
        onAdded(activity);
      },
      onError: (error) => setFormError(showSaveError(error, setError)),
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add an activity"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-3 sm:p-4"
    >
      {formError && <FormAlert message={formError} />}
      <ActivityFields register={register} control={control} errors={errors} />
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Close
        </Button>
        <Button type="submit" isLoading={create.isPending}>
          {!create.isPending && <CirclePlus className="size-4" aria-hidden />}
          Add activity
        </Button>
      </div>
    </form>
  );
}
