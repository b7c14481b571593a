import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { WRITING_PROMPTS } from '../content/prompts';
import { DiaryEditor } from './diary-editor';

function Editor({ initial = '', disabled = false }: { initial?: string; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return <DiaryEditor value={value} onChange={setValue} disabled={disabled} />;
}

const shownPrompt = () => {
  const text = screen.getByText(/^Prompt:/).parentElement!.textContent!.replace(/^Prompt: /, '');
  return text;
};

describe('Need a prompt?', () => {
  it('shows one of the product’s questions, another on request, and writes nothing by itself', async () => {
    render(<Editor />);
    const textarea = screen.getByRole('textbox', { name: 'Write Your Diary' });
    const toggle = screen.getByRole('button', { name: 'Need a prompt?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Another prompt' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const first = shownPrompt();
    expect(WRITING_PROMPTS).toContain(first);
    // Said in a polite live region that was there before the question.
    expect(screen.getByText(first).closest('[aria-live="polite"]')).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Another prompt' }));
    const second = shownPrompt();
    expect(WRITING_PROMPTS).toContain(second);
    expect(second).not.toBe(first);
    expect(textarea).toHaveValue('');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(second)).not.toBeInTheDocument();
  });

  it('puts the prompt first, above what was typed, only when asked, and gives focus back', async () => {
    render(<Editor />);
    const textarea = screen.getByRole('textbox', { name: 'Write Your Diary' });
    await userEvent.type(textarea, 'Went to the market.');
    await userEvent.click(screen.getByRole('button', { name: 'Need a prompt?' }));
    const prompt = shownPrompt();
    expect(textarea).toHaveValue('Went to the market.');
    await userEvent.click(screen.getByRole('button', { name: 'Use this prompt' }));
    expect(textarea).toHaveValue(`${prompt}\nWent to the market.`);
    expect(textarea).toHaveFocus();
  });

  it('starts an empty text with the prompt on its own line', async () => {
    render(<Editor />);
    await userEvent.click(screen.getByRole('button', { name: 'Need a prompt?' }));
    const prompt = shownPrompt();
    await userEvent.click(screen.getByRole('button', { name: 'Use this prompt' }));
    expect(screen.getByRole('textbox', { name: 'Write Your Diary' })).toHaveValue(`${prompt}\n`);
  });

  it('is not offered while the diary cannot be written', () => {
    render(<Editor initial="Written already." disabled />);
    expect(screen.queryByRole('button', { name: 'Need a prompt?' })).not.toBeInTheDocument();
  });
});
