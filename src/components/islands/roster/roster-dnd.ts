import { KeyboardCode, type Announcements, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { parseCellId } from '#domain/roster/roster-grid.ts';

/**
 * dnd-kit's keyboard moves by the size of the cell under the dragged item (its default moves 25 px
 * a key, several presses per cell): one arrow press = one cell.
 */
export const cellByCell: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const over = context.over ? context.droppableRects.get(context.over.id) : undefined;
  const dx = over?.width ?? 80;
  const dy = over?.height ?? 64;
  switch (event.code) {
    case KeyboardCode.Right:
      return { ...currentCoordinates, x: currentCoordinates.x + dx };
    case KeyboardCode.Left:
      return { ...currentCoordinates, x: currentCoordinates.x - dx };
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + dy };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - dy };
  }
  return undefined;
};

/** Screen-reader announcements of a drag in the UI language (dnd-kit's own are English only). */
export function rosterAnnouncements(t: (key: string, params?: Record<string, unknown>) => string, cellName: (id: string) => string): Announcements {
  const label = (data: unknown) => String((data as { label?: string } | undefined)?.label ?? '');
  const where = (id: string | number | undefined) => (id === undefined ? '' : parseCellId(String(id)) ? cellName(String(id)) : '');
  return {
    onDragStart: ({ active }) => t('rosterGrid.dnd.start', { item: label(active.data.current) }),
    onDragOver: ({ active, over }) => (over ? t('rosterGrid.dnd.over', { item: label(active.data.current), cell: where(over.id) }) : t('rosterGrid.dnd.outside', { item: label(active.data.current) })),
    onDragEnd: ({ active, over }) => (over ? t('rosterGrid.dnd.dropped', { item: label(active.data.current), cell: where(over.id) }) : t('rosterGrid.dnd.cancelled', { item: label(active.data.current) })),
    onDragCancel: ({ active }) => t('rosterGrid.dnd.cancelled', { item: label(active.data.current) }),
  };
}
