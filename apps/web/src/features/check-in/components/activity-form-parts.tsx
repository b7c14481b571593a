import {
  ACTIVITY_GROUP_LABELS,
  ACTIVITY_GROUPS,
  ACTIVITY_NAME_MAX,
  CreateActivityBodySchema,
  type CreateActivityBody,
} from '@wellspring/shared';
import { CircleAlert } from 'lucide-react';
import {
  Controller,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetError,
} from 'react-hook-form';
import { SelectField, TextField } from '@/components/ui/field';
import { hasErrorCode } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { describeError, getFieldErrors } from '@/lib/error-messages';
import { IconPicker } from './icon-picker';

/** An activity's name, group and icon, checked by the contract's own rules before the call. */
export const ActivityFormSchema = CreateActivityBodySchema;
export type ActivityFormValues = CreateActivityBody;

// The icon has no error line of its own: its refusal goes to the form as a whole.
const FIELDS = ['name', 'group'] as const;

/**
 * Puts a refused save where it belongs: a name taken or the limit reached beside the name, in
 * the server's words; a field the schema refused beside that field. Answers the message for the
 * form as a whole when no field takes it. What was typed stays.
 */
export function showSaveError(
  error: unknown,
  setError: UseFormSetError<ActivityFormValues>,
): string | null {
  if (hasErrorCode(error, 'ACTIVITY_NAME_TAKEN') || hasErrorCode(error, 'ACTIVITY_LIMIT')) {
    setError('name', { message: error.message }, { shouldFocus: true });
    return null;
  }
  const fieldErrors = getFieldErrors(error);
  const field = FIELDS.find((f) => f in fieldErrors);
  if (field) {
    setError(field, { message: fieldErrors[field] }, { shouldFocus: true });
    return null;
  }
  return describeError(error);
}

/** A failure shown where it happened, announced at once. */
export function FormAlert({ message, className }: { message: string; className?: string }) {
  return (
    <p
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 text-sm break-words text-red-800',
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0">{message}</span>
    </p>
  );
}

/** The options of every group, by its heading. */
export function GroupOptions() {
  return ACTIVITY_GROUPS.map((group) => (
    <option key={group} value={group}>
      {ACTIVITY_GROUP_LABELS[group]}
    </option>
  ));
}

/** Name, group and icon: what adding an activity asks, and what changing one may change. */
export function ActivityFields({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<ActivityFormValues>;
  control: Control<ActivityFormValues>;
  errors: FieldErrors<ActivityFormValues>;
}) {
  return (
    <>
      <TextField
        label="Name"
        autoComplete="off"
        hint={`Up to ${ACTIVITY_NAME_MAX} characters, in any language.`}
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField label="Group" error={errors.group?.message} {...register('group')}>
        <GroupOptions />
      </SelectField>
      <Controller
        control={control}
        name="icon"
        render={({ field }) => (
          <IconPicker label="Icon" value={field.value} onChange={field.onChange} />
        )}
      />
    </>
  );
}
