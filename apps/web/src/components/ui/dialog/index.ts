export { useDialog, type DialogApi } from './dialog-context';
export {
  DialogProvider,
  isDismissibleDialog,
  type DialogBodyProps,
  type DialogDefinition,
  type DialogRegistry,
} from './dialog-provider';
export { DialogBody, DialogFooter, DialogHeader, DialogTitle } from './dialog-parts';
export { DialogHistory, DIALOG_HISTORY_KEY, useDialogHistory } from './use-dialog-history';
export { useIsDialogShowing } from './dialog-presence';
