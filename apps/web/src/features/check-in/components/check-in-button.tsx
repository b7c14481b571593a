import { Plus } from 'lucide-react';
import { useDialog } from '@/components/ui/dialog';

/**
 * The quick check-in's way in from every signed-in page (decision 073): a round button at the
 * bottom right, above the phone's menu strip, that opens the checkIn dialog for now.
 */
export function CheckInButton() {
  const { open } = useDialog();
  return (
    <button
      type="button"
      aria-label="Check in"
      onClick={() => open('checkIn')}
      className="fixed right-4 bottom-[calc(var(--menu-strip-room)+1rem)] z-30 flex size-14 items-center justify-center rounded-full bg-brand-violet text-white shadow-lifted transition hover:brightness-110 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-violet print:hidden"
    >
      <Plus className="size-6" aria-hidden />
    </button>
  );
}
