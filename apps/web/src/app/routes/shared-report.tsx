import { SharedReportScreen } from '@/features/report/components/shared-report';

/** /shared-report (decision 084): the report a person's link shows a clinician, no sign-in. */
export function SharedReportPage() {
  return <SharedReportScreen />;
}
