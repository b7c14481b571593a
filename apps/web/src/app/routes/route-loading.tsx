import { PageSpinner } from '@/components/ui/spinner';

export function RouteLoading() {
  return <PageSpinner />;
}
