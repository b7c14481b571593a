import { FolderLock, KeyRound, MonitorSmartphone, UserRound } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { DialogHeader, DialogTitle, type DialogBodyProps } from '@/components/ui/dialog';
import { minWidthQuery } from '@/config/breakpoints';
import { useMediaQuery } from '@/hooks/use-media-query';
import { DataTab } from './data-tab';
import { PasswordTab } from './password-tab';
import { ProfileTab } from './profile-tab';
import { getTabIds, ProfileTabs, type TabDefinition } from './profile-tabs';
import { SessionsTab } from './sessions-tab';

export type ProfileTabId = 'profile' | 'sessions' | 'password' | 'data';

export const PROFILE_TABS: readonly TabDefinition<ProfileTabId>[] = [
  { id: 'profile', label: 'Profile', icon: UserRound },
  { id: 'sessions', label: 'Sessions', icon: MonitorSmartphone },
  { id: 'password', label: 'Password', icon: KeyRound },
  { id: 'data', label: 'Your data', icon: FolderLock },
];

/**
 * userProfile: SPEC.md's name (editable), email (read-only), picture, Logout and Save, and the
 * account's sessions, password and data ("Your data is yours"), one tab each. Only the shown
 * tab is mounted. `sessionsAfter` goes below the sessions (app/profile-dialog.tsx).
 */
export function UserProfileDialog({
  close,
  sessionsAfter,
}: DialogBodyProps<'userProfile'> & { sessionsAfter?: ReactNode }) {
  const [tab, setTab] = useState<ProfileTabId>('profile');
  const idPrefix = useId();
  const isSideBySide = useMediaQuery(minWidthQuery('md'));
  const { tabId, panelId } = getTabIds(idPrefix, tab);

  return (
    <div className="flex h-[38rem] max-h-full min-h-0 flex-col">
      <DialogHeader>
        <DialogTitle>Your Profile</DialogTitle>
      </DialogHeader>
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <ProfileTabs
          tabs={PROFILE_TABS}
          selected={tab}
          onSelect={setTab}
          idPrefix={idPrefix}
          label="Profile sections"
          orientation={isSideBySide ? 'vertical' : 'horizontal'}
        />
        <div
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId}
          className="flex min-h-0 min-w-0 flex-1 flex-col"
        >
          {tab === 'profile' && <ProfileTab close={close} />}
          {tab === 'sessions' && <SessionsTab after={sessionsAfter} />}
          {tab === 'password' && <PasswordTab />}
          {tab === 'data' && <DataTab />}
        </div>
      </div>
    </div>
  );
}
