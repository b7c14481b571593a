export { AppToaster } from './app-toaster';
export { LazyToaster } from './lazy-toaster';
export { LIVE_REGION_SETTLE_MS, preloadToaster, toast } from './toast';
