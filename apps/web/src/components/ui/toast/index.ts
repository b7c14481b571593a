export { AppToaster } from './app-toaster';
export { LazyToaster } from './lazy-toaster';
export { preloadToaster, toast } from './toast';
