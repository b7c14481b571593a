import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DialogName } from '@/config/dialogs';
import { captureConsoleErrors } from '@/test/test-utils';
import { Button } from '../button';
import { useDialog } from './dialog-context';
import { DialogBody, DialogFooter, DialogHeader, DialogTitle } from './dialog-parts';
import { DialogProvider, type DialogBodyProps, type DialogRegistry } from './dialog-provider';

function Sample({ close }: DialogBodyProps<'userProfile'>) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Sample</DialogTitle>
      </DialogHeader>
      <DialogBody>
        <input aria-label="Name" />
      </DialogBody>
      <DialogFooter>
        <Button onClick={close}>Done</Button>
      </DialogFooter>
    </>
  );
}

function Detail({ contextData }: DialogBodyProps<'taskDetail'>) {
  return (
    <DialogHeader>
      <DialogTitle>{contextData.task.title}</DialogTitle>
    </DialogHeader>
  );
}

const registry: DialogRegistry = {
  userProfile: { component: Sample },
  diaryCreation: { component: Sample as never },
  newDay: { component: Sample as never },
  taskDetail: { component: Detail },
};

function Opener({ name }: { name: DialogName }) {
  const { open } = useDialog();
  return (
    <button type="button" onClick={() => (open as (n: DialogName, c?: unknown) => void)(name)}>
      Open {name}
    </button>
  );
}

function renderWith(name: DialogName) {
  render(
    <DialogProvider registry={registry}>
      <Opener name={name} />
    </DialogProvider>,
  );
  return screen.getByRole('button', { name: `Open ${name}` });
}

const overlay = () => screen.getByTestId('dialog-overlay');

afterEach(() => vi.useRealTimers());

describe('DialogProvider timings', () => {
  it('ignores a click outside within 100 ms of opening', () => {
    vi.useFakeTimers();
    fireEvent.click(renderWith('userProfile'));
    expect(screen.getByRole('dialog', { name: 'Sample' })).toBeVisible();
    act(() => vi.advanceTimersByTime(99));
    fireEvent.click(overlay());
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('dialog', { name: 'Sample' })).toHaveAttribute('data-state', 'open');
  });

  it('closes on a click outside after 100 ms, animating for 200 ms', () => {
    vi.useFakeTimers();
    fireEvent.click(renderWith('userProfile'));
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(overlay());
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(199));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not close on a click inside the panel', () => {
    vi.useFakeTimers();
    fireEvent.click(renderWith('userProfile'));
    act(() => vi.advanceTimersByTime(150));
    fireEvent.click(screen.getByRole('dialog'));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'open');
  });

  it.each(['diaryCreation', 'newDay'] as const)(
    'keeps %s open on a click outside and on Escape',
    (name) => {
      vi.useFakeTimers();
      fireEvent.click(renderWith(name));
      act(() => vi.advanceTimersByTime(500));
      fireEvent.click(overlay());
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
      act(() => vi.advanceTimersByTime(500));
      expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'open');
      expect(screen.queryByRole('button', { name: 'Close dialog' })).not.toBeInTheDocument();
      // Its own button still closes it.
      fireEvent.click(screen.getByRole('button', { name: 'Done' }));
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('closes on Escape after the grace period', () => {
    vi.useFakeTimers();
    fireEvent.click(renderWith('userProfile'));
    act(() => vi.advanceTimersByTime(120));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('carries context data to the body', () => {
    function OpenTask() {
      const { open } = useDialog();
      return (
        <button
          type="button"
          onClick={() =>
            open('taskDetail', { task: { title: 'Stretch for five minutes' } as never })
          }
        >
          Open
        </button>
      );
    }
    render(
      <DialogProvider registry={registry}>
        <OpenTask />
      </DialogProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Stretch for five minutes' })).toBeVisible();
  });
});

describe('DialogProvider focus', () => {
  it('moves focus in, keeps it in, makes the page inert and returns focus on close', () => {
    vi.useFakeTimers();
    const opener = renderWith('userProfile');
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Sample' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(opener.closest('[inert]')).not.toBeNull();

    const close = screen.getByRole('button', { name: 'Close dialog' });
    const done = screen.getByRole('button', { name: 'Done' });
    done.focus();
    fireEvent.keyDown(done, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(done).toHaveFocus();

    fireEvent.click(done);
    act(() => vi.advanceTimersByTime(200));
    expect(opener.closest('[inert]')).toBeNull();
    expect(opener).toHaveFocus();
  });
});

describe('DialogProvider focus when the opener is gone (decision 025)', () => {
  function VanishingOpener() {
    const { open } = useDialog();
    const [isThere, setIsThere] = useState(true);
    return (
      <main>
        <h1>Task</h1>
        <section data-return-focus="column-heading">
          <h3 id="column-heading">Ongoing</h3>
          {isThere && (
            <button
              type="button"
              onClick={() => {
                open('userProfile');
                setIsThere(false);
              }}
            >
              A card
            </button>
          )}
        </section>
        <button type="button" onClick={() => open('userProfile')}>
          Outside
        </button>
      </main>
    );
  }

  it('gives focus to the stand-in its container names, never to <body>', () => {
    vi.useFakeTimers();
    render(
      <DialogProvider registry={registry}>
        <VanishingOpener />
      </DialogProvider>,
    );
    const card = screen.getByRole('button', { name: 'A card' });
    card.focus();
    fireEvent.click(card);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    act(() => vi.advanceTimersByTime(200));
    expect(card).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ongoing' })).toHaveFocus();
    expect(document.body).not.toHaveFocus();
  });

  it("falls back to the page's main heading when nothing stands in", () => {
    vi.useFakeTimers();
    render(
      <DialogProvider registry={registry}>
        <VanishingOpener />
      </DialogProvider>,
    );
    const outside = screen.getByRole('button', { name: 'Outside' });
    outside.focus();
    fireEvent.click(outside);
    act(() => outside.remove());
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('heading', { level: 1, name: 'Task' })).toHaveFocus();
  });
});

describe('the dialog registry', () => {
  it('throws for a name that is not registered', () => {
    const { result } = renderHook(() => useDialog(), {
      wrapper: ({ children }) => <DialogProvider registry={registry}>{children}</DialogProvider>,
    });
    expect(() => result.current.open('goalPrize', { background: {} as never })).toThrow(
      'Dialog with the name of goalPrize does not exist!',
    );
    expect(() => (result.current.open as (n: string) => void)('nope')).toThrow(
      'Dialog with the name of nope does not exist!',
    );
  });

  it('loads ahead only the bodies whose entry says how, and opens nothing (decision 060)', () => {
    const preload = vi.fn();
    const { result } = renderHook(() => useDialog(), {
      wrapper: ({ children }) => (
        <DialogProvider
          registry={{ ...registry, diaryCreation: { component: Sample as never, preload } }}
        >
          {children}
        </DialogProvider>
      ),
    });
    result.current.preload('diaryCreation');
    result.current.preload('userProfile');
    result.current.preload('goalPrize');
    expect(preload).toHaveBeenCalledTimes(1);
    expect(result.current.openName).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses the hook outside its provider', () => {
    const errors = captureConsoleErrors();
    expect(() => renderHook(() => useDialog())).toThrow(
      'useDialog must be used inside its provider (DialogProvider)',
    );
    errors.release();
  });
});
