import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Goal } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { DialogProvider, useDialog } from '@/components/ui/dialog';
import { buildGoal } from '@/test/factories';
import { TaskCompleteDialog } from './task-complete-dialog';

function renderWith(oldGoal: Goal, newGoal: Goal) {
  function Opener() {
    const { open } = useDialog();
    return (
      <button type="button" onClick={() => open('taskComplete', { oldGoal, newGoal })}>
        Open
      </button>
    );
  }
  render(
    <DialogProvider registry={{ taskComplete: { component: TaskCompleteDialog } }}>
      <Opener />
    </DialogProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  return screen.getByRole('dialog', { name: 'Task completed!' });
}

describe('taskComplete', () => {
  it('moves from the old goal to the new, with the target in German format', async () => {
    const dialog = renderWith(
      buildGoal({ target: 250_000, earned: 120_000 }),
      buildGoal({ target: 250_000, earned: 127_500 }),
    );
    expect(dialog).toHaveTextContent('/ 250.000');
    expect(screen.getByTestId('task-complete-earned')).toHaveTextContent('120.000');
    expect(screen.getByTestId('task-complete-percent')).toHaveTextContent('48%');
    await waitFor(() => {
      expect(screen.getByTestId('task-complete-earned')).toHaveTextContent('127.500');
      expect(screen.getByTestId('task-complete-percent')).toHaveTextContent('51%');
    });
    expect(screen.getByRole('progressbar', { name: 'Goal progress' })).toHaveAttribute(
      'aria-valuenow',
      '51',
    );
  });

  it('shows 0 percent when the target is 0', async () => {
    renderWith(buildGoal({ target: 0, earned: 0 }), buildGoal({ target: 0, earned: 3_000 }));
    await waitFor(() =>
      expect(screen.getByTestId('task-complete-earned')).toHaveTextContent('3.000'),
    );
    expect(screen.getByTestId('task-complete-percent')).toHaveTextContent('0%');
  });
});
