// @vitest-environment jsdom
/**
 * Console forms rendered in jsdom on React 19, in English: a field refused by the shared zod contract shows its
 * message inline (tied with `aria-describedby`, `aria-invalid`) and takes focus; a 422 answer's `details[].path`
 * puts the server's message on the field it names; the story chapters move with the keyboard-operable "Move
 * up/down" buttons, the new order is announced in a live region and focus stays with the moved chapter.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../src/api/errors';
import { ChapterList } from '../../src/features/console/components/chapter-list';
import { FieldControl } from '../../src/features/console/components/field-control';
import { getBy } from '@tanstack/react-form';
import { useConsoleForm } from '../../src/features/console/form/use-console-form';
import en from '../../locales/en/console.json';
import common from '../../locales/en/common.json';

vi.mock('../../src/platform/toasts', () => ({ notify: vi.fn() }));

afterEach(cleanup);
beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { console: en, common } }, interpolation: { escapeValue: false } });
});

const Schema = z.object({ title: z.string().trim().min(1, 'Required'), points: z.number().int().min(0, 'Points cannot be negative') });

/** A two-field form on the console's machinery; `save` is what the admin API would do. */
function TestForm({ save }: { save: (body: Record<string, unknown>) => Promise<unknown> }) {
  const form = useConsoleForm({
    initial: { title: '', points: 0 },
    resetKey: 'x',
    build: (values) => ({ title: values.title, points: Number(values.points) }),
    schema: Schema,
    save,
    texts: {
      saved: 'saved',
      failed: 'failed',
      invalid: 'invalid',
      message: (text) => (text === 'Required' ? 'Required (translated)' : text),
    },
  });
  const control = (name: string, kind: 'text' | 'number', label: string) => (
    <FieldControl
      field={{ name, kind }}
      path={name}
      label={label}
      value={getBy(form.values, name)}
      onChange={(v) => form.set(name, v)}
      error={form.errors[name]}
      timeZone="Europe/Paris"
      ranks={[]}
    />
  );
  return (
    <main id="main-content">
      <form onSubmit={(e) => void form.submit(e)} noValidate>
        {control('title', 'text', 'Title')}
        {control('points', 'number', 'Points')}
        <button type="submit">Save</button>
      </form>
    </main>
  );
}

/** The text of the elements an input's `aria-describedby` names. */
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('console form errors', () => {
  it('a field the contract refuses shows the translated message inline and takes focus; nothing is sent', async () => {
    const save = vi.fn();
    render(<TestForm save={save} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const title = screen.getByLabelText('Title');
    // The submit runs through the form library's async validation: wait for its outcome.
    await vi.waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(description(title)).toBe('Required (translated)');
    expect(document.activeElement).toBe(title);
    expect(screen.getByLabelText('Points').getAttribute('aria-invalid')).toBeNull();
    expect(save).not.toHaveBeenCalled();
    // Typing clears the field's error.
    fireEvent.change(title, { target: { value: 'Grand prix' } });
    expect(title.getAttribute('aria-invalid')).toBeNull();
  });

  it("a 422 answer's details put the server's message on the field its path names", async () => {
    const save = vi
      .fn()
      .mockRejectedValue(
        new ApiError(422, 'ValidationFailed', 'Invalid request body', [{ path: 'points', message: 'Points cannot be negative' }]),
      );
    render(<TestForm save={save} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Grand prix' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await vi.waitFor(() => expect(save).toHaveBeenCalledWith({ title: 'Grand prix', points: 0 }));
    const points = screen.getByLabelText('Points');
    await vi.waitFor(() => expect(points.getAttribute('aria-invalid')).toBe('true'));
    expect(description(points)).toBe('Points cannot be negative');
    expect(document.activeElement).toBe(points);
  });
});

interface Chapter {
  uid: string;
  title: string;
}

function Chapters() {
  const [chapters, setChapters] = useState<Chapter[]>([
    { uid: 'a', title: 'Arrival' },
    { uid: 'b', title: 'Briefing' },
    { uid: 'c', title: 'Circuit' },
  ]);
  return (
    <ChapterList
      chapters={chapters}
      keyOf={(c) => c.uid}
      nameOf={(c) => c.title}
      onReorder={setChapters}
      onRemove={(i) => setChapters(chapters.filter((_, j) => j !== i))}
    >
      {(chapter) => <p>{chapter.title} fields</p>}
    </ChapterList>
  );
}

describe('story chapters reordered by keyboard', () => {
  const order = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
  /** Whether `text` is the content of a polite live region (the console's own, beside dnd-kit's). */
  const announced = (text: string) =>
    screen.getAllByRole('status').some((region) => region.textContent === text && region.getAttribute('aria-live') === 'polite');

  it('"Move down" and "Move up" move a chapter one place, announce where it went and keep focus on it', async () => {
    render(<Chapters />);
    expect(order()).toEqual(['Chapter 1: Arrival', 'Chapter 2: Briefing', 'Chapter 3: Circuit']);
    const down = screen.getByRole('button', { name: 'Move Arrival down' });
    down.focus();
    await act(async () => fireEvent.click(down));
    expect(order()).toEqual(['Chapter 1: Briefing', 'Chapter 2: Arrival', 'Chapter 3: Circuit']);
    expect(announced('Arrival moved to position 2 of 3.')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Arrival down' }));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Move Arrival down' })));
    expect(order()).toEqual(['Chapter 1: Briefing', 'Chapter 2: Circuit', 'Chapter 3: Arrival']);
    expect(announced('Arrival moved to position 3 of 3.')).toBe(true);
    // At the bottom "Move down" is disabled: focus moves to "Move up" of the same chapter.
    expect(screen.getByRole('button', { name: 'Move Arrival down' })).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Arrival up' }));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Move Circuit up' })));
    expect(order()).toEqual(['Chapter 1: Circuit', 'Chapter 2: Briefing', 'Chapter 3: Arrival']);
    expect(announced('Circuit moved to position 1 of 3.')).toBe(true);
  });

  it('every chapter has a drag handle that explains the keyboard drag (dnd-kit keyboard sensor)', () => {
    render(<Chapters />);
    const handle = screen.getByRole('button', { name: 'Move Briefing (position 2)' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    const described = (handle.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described.join(' ')).toContain('press Space or Enter on its move handle');
  });
});
