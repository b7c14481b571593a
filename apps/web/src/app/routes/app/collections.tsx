import { Collection } from '@/features/collections/components/collection';

/** /app/collections: the backgrounds owned and still to win. */
export function CollectionsPage() {
  return <Collection />;
}
