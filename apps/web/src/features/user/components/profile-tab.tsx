import { zodResolver } from '@hookform/resolvers/zod';
import { UserNameSchema } from '@wellspring/shared';
import { LogOut } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DialogBody, DialogFooter } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useLogout, useUser } from '@/lib/auth';
import { useUpdateUser } from '@/lib/update-user';
import { ActivitiesSetting } from './activities-setting';
import { MeasureReminderSetting } from './measure-reminder-setting';
import { OnThisDaySetting } from './on-this-day-setting';
import { ReminderSetting } from './reminder-setting';
import { ThemeSetting } from './theme-setting';

export const UPDATE_SUCCESS_MESSAGE = 'Successfuly updated user data';
export const UPDATE_FAILURE_MESSAGE =
  'Oops, something went wrong while trying to update the user data';

/** SPEC.md section 5: the username must not be empty ('This field can't be empty'). */
const ProfileFormSchema = z.object({ name: UserNameSchema });
type ProfileFormValues = z.infer<typeof ProfileFormSchema>;

/** SPEC.md's userProfile: name (editable), email (read-only), picture, Logout and Save. */
export function ProfileTab({ close }: { close: () => void }) {
  const { data: user } = useUser();
  const logout = useLogout();
  const updateUser = useUpdateUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    values: user ? { name: user.name } : undefined,
    resetOptions: { keepDirtyValues: true },
    defaultValues: { name: '' },
  });

  const onSubmit = handleSubmit((values) => {
    updateUser.mutate(
      { name: values.name },
      {
        onSuccess: () => {
          toast.success(UPDATE_SUCCESS_MESSAGE);
          close();
        },
        // The form keeps what was typed, so nothing is lost.
        onError: () => toast.error(UPDATE_FAILURE_MESSAGE),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="flex flex-col gap-5 pt-4">
        {!user ? (
          <Spinner label="Loading your profile" className="mx-auto my-8" />
        ) : (
          <>
            <div className="flex items-center gap-4 rounded-2xl bg-surface p-4">
              <Avatar name={user.name} pictureURL={user.pictureURL} size="lg" />
              <div className="min-w-0">
                <p className="truncate font-semibold text-ink">{user.name}</p>
                <p className="truncate text-sm text-ink-muted">{user.email}</p>
              </div>
            </div>
            <TextField
              label="Username"
              autoComplete="name"
              error={errors.name?.message}
              {...register('name')}
            />
            <TextField
              label="Email"
              type="email"
              value={user.email}
              readOnly
              aria-readonly="true"
              hint="Your email cannot be changed."
            />
            <ThemeSetting />
            <ReminderSetting />
            <MeasureReminderSetting />
            <OnThisDaySetting />
            <ActivitiesSetting />
          </>
        )}
      </DialogBody>
      <DialogFooter justify="between">
        <Button
          variant="danger"
          onClick={() => {
            // The dialog stays open while the landing page loads in full (decision 068): closed,
            // it would take its own history entry back a moment later (DIALOG_CLOSE_MS), and
            // that Back traversal could cancel the load.
            logout.mutate();
          }}
          isLoading={logout.isPending}
        >
          <LogOut className="size-4" aria-hidden />
          Logout
        </Button>
        <Button type="submit" disabled={!user} isLoading={updateUser.isPending}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
