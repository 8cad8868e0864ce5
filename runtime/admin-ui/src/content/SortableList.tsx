// A list ordered by dragging (HTML drag and drop), with move buttons for the keyboard.
import { useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import DragIcon from '@mui/icons-material/DragIndicator';
import { ItemActions } from './ItemActions';

export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** `sortable` false: items can be removed but not moved (a relation with entries not loaded yet). */
export function SortableList<T>({ items, render, onChange, className, sortable = true }: { items: T[]; render(item: T): ReactNode; onChange(items: T[]): void; className?: string; sortable?: boolean }) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} className={className}>
      {items.map((item, i) => (
        <Box
          component="li"
          key={i}
          draggable={sortable}
          data-index={i}
          className="sortable-item"
          onDragStart={(e) => {
            setDragged(i);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(i));
          }}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(i);
          }}
          onDragLeave={() => setOver(null)}
          onDrop={(e) => {
            e.preventDefault();
            if (!sortable) return;
            const from = dragged ?? Number(e.dataTransfer.getData('text/plain'));
            setDragged(null);
            setOver(null);
            if (!Number.isNaN(from) && from !== i) onChange(moveItem(items, from, i));
          }}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1,
            py: 0.5,
            mb: 0.5,
            border: 1,
            borderColor: over === i ? 'primary.main' : 'divider',
            borderRadius: 1,
            bgcolor: dragged === i ? 'action.selected' : 'background.paper',
            cursor: sortable ? 'grab' : 'default',
          }}
        >
          {sortable && <DragIcon fontSize="small" color="action" />}
          <Box sx={{ flex: 1, minWidth: 0 }}>{render(item)}</Box>
          <ItemActions index={i} count={items.length} move={sortable ? (from, to) => onChange(moveItem(items, from, to)) : undefined} remove={() => onChange(items.filter((_, j) => j !== i))} />
        </Box>
      ))}
    </Box>
  );
}
