/**
 * The ordered chapters of a story, reordered by drag and by keyboard: `@dnd-kit/sortable` (pointer and keyboard
 * sensors: Space or Enter on a chapter's handle picks it up, the arrow keys move it, Space drops, Escape cancels,
 * with dnd-kit's own announcements, translated) and, for everyone, "Move up" / "Move down" buttons. After every move
 * a polite live region says where the chapter went, and focus stays on the button that moved it (or on the moved
 * chapter's handle).
 */
import { useEffect, useState, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS as DndCss } from '@dnd-kit/utilities';
import { useConsoleText } from './use-console-text';

/** Moves the item at `from` to `to` in a copy of `list` (dnd-kit's `arrayMove`); out-of-range moves change nothing. */
function moveChapter<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  return arrayMove([...list], from, to);
}

interface ChapterListProps<T> {
  chapters: readonly T[];
  /** A stable key of a chapter (kept while it moves). */
  keyOf: (chapter: T) => string;
  /** A chapter's name for announcements and labels. */
  nameOf: (chapter: T, index: number) => string;
  /** Called with the new order. */
  onReorder: (chapters: T[]) => void;
  /** The chapter's fields. */
  children: (chapter: T, index: number) => ReactNode;
  onRemove: (index: number) => void;
}

function SortableChapter({
  id,
  index,
  count,
  name,
  onMove,
  onRemove,
  children,
}: {
  id: string;
  index: number;
  count: number;
  name: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  const { t } = useConsoleText();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      data-chapter={id}
      className={isDragging ? 'console-chapter console-chapter--dragging' : 'console-chapter'}
      style={{ transform: DndCss.Transform.toString(transform), transition }}
    >
      <div className="console-chapter__bar">
        <button
          type="button"
          className="btn btn--ghost btn--sm console-chapter__handle"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('stories.drag', { name, position: index + 1 })}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <h3 className="console-chapter__title">{t('stories.chapterN', { n: index + 1, name })}</h3>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          data-move="up"
          onClick={() => onMove(index, index - 1)}
          disabled={index === 0}
          aria-label={t('stories.moveUp', { name })}
        >
          {t('stories.up')}
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          data-move="down"
          onClick={() => onMove(index, index + 1)}
          disabled={index === count - 1}
          aria-label={t('stories.moveDown', { name })}
        >
          {t('stories.down')}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onRemove} aria-label={t('stories.remove', { name })}>
          {t('stories.removeShort')}
        </button>
      </div>
      {children}
    </li>
  );
}

/** Renders the sortable list of chapters and its announcements (see the module note). */
export function ChapterList<T>({ chapters, keyOf, nameOf, onReorder, children, onRemove }: ChapterListProps<T>) {
  const { t } = useConsoleText();
  const [announcement, setAnnouncement] = useState('');
  // After a move by button, focus stays with the moved chapter: on the same button, or the other one once the
  // chapter reached the top or the bottom (a disabled button cannot hold focus).
  const [moved, setMoved] = useState<{ id: string; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!moved) return;
    const item = [...document.querySelectorAll('[data-chapter]')].find((el) => el.getAttribute('data-chapter') === moved.id);
    const same = item?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction}"]`);
    const other = item?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction === 'up' ? 'down' : 'up'}"]`);
    (same && !same.disabled ? same : other)?.focus();
  }, [moved]);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = chapters.map(keyOf);
  const indexOf = (id: string | number) => ids.indexOf(String(id));
  const named = (id: string | number) => {
    const i = indexOf(id);
    return i >= 0 ? nameOf(chapters[i], i) : '';
  };

  const move = (from: number, to: number, byButton = false) => {
    if (to < 0 || to >= chapters.length || from === to) return;
    onReorder(moveChapter(chapters, from, to));
    if (byButton) setMoved({ id: ids[from], direction: to < from ? 'up' : 'down' });
    setAnnouncement(t('stories.moved', { name: nameOf(chapters[from], from), position: to + 1, total: chapters.length }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(indexOf(active.id), indexOf(over.id));
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('stories.pickedUp', { name: named(active.id), position: indexOf(active.id) + 1, total: chapters.length }),
    onDragOver: ({ active, over }) =>
      over ? t('stories.over', { name: named(active.id), position: indexOf(over.id) + 1, total: chapters.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('stories.dropped', { name: named(active.id), position: indexOf(over.id) + 1, total: chapters.length }) : undefined,
    onDragCancel: ({ active }) => t('stories.cancelled', { name: named(active.id) }),
  };

  return (
    <>
      <p className="visually-hidden" id="console-chapters-help">
        {t('stories.dragHelp')}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('stories.dragHelp') } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="console-chapters" aria-describedby="console-chapters-help">
            {chapters.map((chapter, index) => (
              <SortableChapter
                key={ids[index]}
                id={ids[index]}
                index={index}
                count={chapters.length}
                name={nameOf(chapter, index)}
                onMove={(from, to) => move(from, to, true)}
                onRemove={() => onRemove(index)}
              >
                {children(chapter, index)}
              </SortableChapter>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </p>
    </>
  );
}
