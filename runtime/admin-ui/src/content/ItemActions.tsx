// The buttons beside one item of an ordered list (a list entry, a block): move it up or down with
// the keyboard or a click, and remove it. One place, so every list in the panel answers alike.
import { IconButton, Tooltip } from '@mui/material';
import UpIcon from '@mui/icons-material/KeyboardArrowUp';
import DownIcon from '@mui/icons-material/KeyboardArrowDown';
import DeleteIcon from '@mui/icons-material/Close';

/**
 * `what` names the item in the buttons' labels ("Move block up", "Remove block"); without it they
 * read "Move up", "Remove". `move` absent: the item can be removed but not moved.
 */
export function ItemActions({ index, count, what, move, remove }: { index: number; count: number; what?: string; move?(from: number, to: number): void; remove(): void }) {
  const name = what ? `${what} ` : '';
  return (
    <>
      {move && (
        <>
          <Tooltip title="Move up">
            <span>
              <IconButton size="small" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move ${name}up`}>
                <UpIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Move down">
            <span>
              <IconButton size="small" disabled={index === count - 1} onClick={() => move(index, index + 1)} aria-label={`Move ${name}down`}>
                <DownIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      )}
      <Tooltip title="Remove">
        <IconButton size="small" onClick={remove} aria-label={`Remove${what ? ` ${what}` : ''}`}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}
