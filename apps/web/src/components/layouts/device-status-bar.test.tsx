import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpdateReady } from '@/lib/device-status';
import { DeviceStatusBar } from './device-status-bar';

afterEach(() => {
  act(() => {
    onlineManager.setOnline(true);
    setUpdateReady(null);
  });
});

describe('the device status bar', () => {
  it('says plainly while the device is offline, and stops once it is back', () => {
    render(<DeviceStatusBar />);
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByText(/You are offline/)).toBeVisible();
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });

  it('offers a waiting version with a Reload button, and reloads only when it is pressed', async () => {
    const reload = vi.fn();
    render(<DeviceStatusBar />);
    act(() => setUpdateReady(reload));
    expect(screen.getByText('Update available')).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
