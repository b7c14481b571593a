import { DeviceStatusBar } from '@/components/layouts/device-status-bar';
import { OfflineSync } from './offline-sync';

/**
 * What the device adds to every page (decision 042): the offline notice and update prompt, the
 * cache kept on the device and the writes made offline. Loaded after the first paint
 * (provider.tsx), so the first page's JavaScript does not carry it.
 */
export default function DeviceLayer() {
  return (
    <>
      <OfflineSync />
      <DeviceStatusBar />
    </>
  );
}
