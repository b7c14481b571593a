import { Link } from 'react-router';
import type { DialogBodyProps } from '@/components/ui/dialog';
import { ReportLinks } from '@/features/report/components/report-links';
import { UserProfileDialog } from '@/features/user/components/user-profile-dialog';

/**
 * userProfile, with the links for a clinician (decision 084) listed below the sessions: the
 * report feature's list, which the user feature cannot import, composed here like the diary's
 * goal (dialogs.tsx). Loaded with the dialog, never with a page.
 */
export function ProfileDialog(props: DialogBodyProps<'userProfile'>) {
  return (
    <UserProfileDialog
      {...props}
      sessionsAfter={
        <ReportLinks
          title="Links for your clinician"
          description="Read-only pages of a report you shared. Revoke one and it opens nothing from then on."
          footer={
            <Link
              to="/app/report"
              onClick={props.close}
              className="self-start text-sm font-semibold text-brand-violet underline"
            >
              Make a report for your clinician
            </Link>
          }
        />
      }
    />
  );
}
