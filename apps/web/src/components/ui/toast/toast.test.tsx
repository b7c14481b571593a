import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ToastIndex from './index';
import { expectToast } from '@/test/toasts';

type ToastModule = typeof ToastIndex;

let current: ToastModule | undefined;

/** The module as a first page load finds it: sonner not loaded, no toaster rendered. */
async function importFreshToast(): Promise<ToastModule> {
  vi.resetModules();
  current = await import('./index');
  return current;
}

function queryToaster(): HTMLElement | null {
  return screen.queryByRole('region', { name: /notifications/i });
}

afterEach(() => {
  // sonner's state outlives the fresh module: clear it so no toast shows in the next test.
  current?.toast.dismiss();
  current = undefined;
  vi.doUnmock('sonner');
});

describe('toast', () => {
  it('renders the live region once the page is idle, before any toast, so the first is announced', async () => {
    const { LazyToaster, toast } = await importFreshToast();
    render(<LazyToaster />);
    expect(queryToaster()).not.toBeInTheDocument();
    const region = await screen.findByRole('region', { name: /notifications/i });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    toast.success('Saved');
    await expectToast('Saved');
    expect(queryToaster()).toBe(region);
  });

  it('gives a region made for an early toast a moment to settle before the toast shows', async () => {
    const { LazyToaster, toast, LIVE_REGION_SETTLE_MS } = await importFreshToast();
    render(<LazyToaster />);
    toast.success('Early');
    const region = await screen.findByRole('region', { name: /notifications/i });
    expect(region).not.toHaveTextContent('Early');
    await new Promise((resolve) => setTimeout(resolve, LIVE_REGION_SETTLE_MS + 50));
    await expectToast('Early');
  });

  it('renders no toaster until the first toast, then shows that toast once sonner has loaded', async () => {
    const { LazyToaster, toast } = await importFreshToast();
    render(<LazyToaster />);
    expect(queryToaster()).not.toBeInTheDocument();

    toast.success('Saved', { description: 'All good' });
    expect(queryToaster()).not.toBeInTheDocument();

    await expectToast('Saved');
    expect(screen.getByText('All good')).toBeVisible();
    expect(queryToaster()).toBeInTheDocument();
  });

  it('shows two toasts asked for before sonner loaded in the order they were asked for', async () => {
    const { LazyToaster, toast } = await importFreshToast();
    render(<LazyToaster />);
    toast.success('First');
    toast.error('Second');

    const first = (await screen.findByText('First')).closest('[data-sonner-toast]');
    const second = (await screen.findByText('Second')).closest('[data-sonner-toast]');
    expect(first).toHaveAttribute('data-type', 'success');
    expect(second).toHaveAttribute('data-type', 'error');
    // sonner puts the latest toast in front.
    expect(second).toHaveAttribute('data-front', 'true');
    expect(first).toHaveAttribute('data-front', 'false');
  });

  it('drops a toast dismissed before sonner loaded and keeps the others', async () => {
    const { LazyToaster, toast } = await importFreshToast();
    render(<LazyToaster />);
    const id = toast.error('Gone');
    toast.success('Kept');
    expect(toast.dismiss(id)).toBe(id);

    await expectToast('Kept');
    expect(screen.queryByText('Gone')).not.toBeInTheDocument();
  });

  it('keeps the id it is given', async () => {
    const { toast } = await importFreshToast();
    expect(toast.success('Saved', { id: 'saved' })).toBe('saved');
    expect(toast.success('Saved', { id: 7 })).toBe(7);
  });

  it('fires the queued toasts only once the Toaster has mounted, then calls sonner directly', async () => {
    const events: string[] = [];
    vi.doMock('sonner', () => ({
      Toaster: function FakeToaster({ position }: { position?: string }) {
        useEffect(() => {
          events.push(`toaster mounted at ${position}`);
        }, [position]);
        return null;
      },
      toast: {
        success: (message: string, data?: { id?: string | number }) => {
          events.push(`success ${message}`);
          return data?.id ?? 1;
        },
        error: (message: string, data?: { id?: string | number }) => {
          events.push(`error ${message}`);
          return data?.id ?? 2;
        },
        dismiss: (id?: string | number) => id,
        getToasts: () => [],
      },
    }));
    const { LazyToaster, toast } = await importFreshToast();
    toast.success('First');
    toast.error('Second');
    render(<LazyToaster position="top-center" />);

    await waitFor(() =>
      expect(events).toEqual(['toaster mounted at top-center', 'success First', 'error Second']),
    );
    toast.success('Third');
    expect(events.at(-1)).toBe('success Third');
  });
});
