export { LazyToaster } from './lazy-toaster';
export { preloadToaster, toast } from './toast';
