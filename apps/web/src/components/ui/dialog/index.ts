export { useDialog } from './dialog-context';
export {
  DialogProvider,
  isDismissibleDialog,
  type DialogBodyProps,
  type DialogRegistry,
} from './dialog-provider';
export { DialogBody, DialogFooter, DialogHeader, DialogTitle } from './dialog-parts';
export { DialogHistory } from './use-dialog-history';
