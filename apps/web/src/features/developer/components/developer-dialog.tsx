import { Wrench } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DialogBody,
  DialogHeader,
  DialogTitle,
  useDialog,
  type DialogBodyProps,
} from '@/components/ui/dialog';
import { DIALOG_NAMES, type DialogName } from '@/config/dialogs';
import { SAMPLE_CONTEXT } from '../sample-data';

const OTHER_DIALOGS = DIALOG_NAMES.filter(
  (name): name is Exclude<DialogName, 'developer'> => name !== 'developer',
);

/** developer (development builds only): opens any other dialog with sample data. */
export function DeveloperDialog(_props: DialogBodyProps<'developer'>) {
  const { open } = useDialog();
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <Wrench className="size-5 text-brand-violet" aria-hidden />
          Developer dialogs
        </DialogTitle>
      </DialogHeader>
      <DialogBody>
        <p className="mb-4 text-sm text-ink-soft">Open any dialog with sample data.</p>
        <ul className="grid grid-cols-2 gap-2">
          {OTHER_DIALOGS.map((name) => (
            <li key={name}>
              <Button
                variant="secondary"
                size="sm"
                className="w-full"
                onClick={() =>
                  (open as (n: DialogName, c?: unknown) => void)(name, SAMPLE_CONTEXT[name])
                }
              >
                {name}
              </Button>
            </li>
          ))}
        </ul>
      </DialogBody>
    </>
  );
}

/** A small corner button that opens the developer dialog (development builds only). */
export function DeveloperDialogButton() {
  const { open } = useDialog();
  return (
    <button
      type="button"
      onClick={() => open('developer')}
      className="fixed bottom-5 left-4 z-30 flex size-10 items-center justify-center rounded-full border border-line bg-card text-ink-muted shadow-card hover:text-brand-violet"
    >
      <Wrench className="size-4" aria-hidden />
      <span className="sr-only">Open the developer dialog</span>
    </button>
  );
}
