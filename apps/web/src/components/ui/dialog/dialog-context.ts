import { createContext, useContext } from 'react';
import type { DialogContextMap, DialogName } from '@/config/dialogs';

type OpenArgs<N extends DialogName> = undefined extends DialogContextMap[N]
  ? [contextData?: DialogContextMap[N]]
  : [contextData: DialogContextMap[N]];

export interface DialogApi {
  /** Opens a registered dialog with its context data; throws for an unregistered name. */
  open: <N extends DialogName>(name: N, ...args: OpenArgs<N>) => void;
  /** Closes the open dialog (with its 200 ms animation). */
  close: () => void;
  /** The name of the dialog on screen, or null. */
  openName: DialogName | null;
  /**
   * Loads a dialog's body ahead, on the user's way to open it (a pointer over its button, focus
   * on it), for the bodies the registry loads only then; nothing for the others.
   */
  preload: (name: DialogName) => void;
}

export const DialogApiContext = createContext<DialogApi | null>(null);

/** Opens and closes the app's dialogs. */
export function useDialog(): DialogApi {
  const api = useContext(DialogApiContext);
  if (!api) throw new Error('useDialog must be used inside its provider (DialogProvider)');
  return api;
}

/** What the panel gives the dialog's parts: the title's id and the close action. */
export interface DialogPanelValue {
  titleId: string;
  descriptionId: string;
  dismiss: () => void;
  isDismissible: boolean;
}

export const DialogPanelContext = createContext<DialogPanelValue | null>(null);

export function useDialogPanel(): DialogPanelValue {
  const value = useContext(DialogPanelContext);
  if (!value) throw new Error('Dialog parts must be used inside a dialog');
  return value;
}
