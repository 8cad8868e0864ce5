// Strapi's blocks editor, kept simple: a list of blocks (paragraph, heading, list, quote, code),
// each with its kind and its text; bold, italic, underline, strike-through, code and links are
// written inline (**b**, _i_, ++u++, ~~s~~, `c`, [text](url)) and stored as Strapi's blocks JSON.
import { useEffect, useRef, useState } from 'react';
import { useInput } from 'react-admin';
import { Box, IconButton, MenuItem, Paper, Select, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ItemActions } from './ItemActions';
import { moveItem } from './SortableList';
import { blocksToEditor, editorToBlocks, type BlockKind, type EditorBlock } from '../blocks';

const KINDS: [BlockKind, string][] = [
  ['paragraph', 'Paragraph'],
  ['h1', 'Heading 1'],
  ['h2', 'Heading 2'],
  ['h3', 'Heading 3'],
  ['h4', 'Heading 4'],
  ['h5', 'Heading 5'],
  ['h6', 'Heading 6'],
  ['ul', 'Bulleted list'],
  ['ol', 'Numbered list'],
  ['quote', 'Quote'],
  ['code', 'Code'],
];

const STYLE: Partial<Record<BlockKind, object>> = {
  h1: { fontSize: 28, fontWeight: 700 },
  h2: { fontSize: 24, fontWeight: 700 },
  h3: { fontSize: 20, fontWeight: 700 },
  h4: { fontSize: 18, fontWeight: 600 },
  h5: { fontSize: 16, fontWeight: 600 },
  h6: { fontSize: 15, fontWeight: 600 },
  quote: { fontStyle: 'italic' },
  code: { fontFamily: 'monospace' },
};

export function BlocksInput({ source, label }: { source: string; label: string }) {
  const { field, fieldState } = useInput({ source });
  const [blocks, setBlocks] = useState<EditorBlock[]>(() => blocksToEditor(field.value));
  const written = useRef<string>(JSON.stringify(field.value ?? null));
  useEffect(() => {
    const incoming = JSON.stringify(field.value ?? null);
    if (incoming !== written.current) {
      written.current = incoming;
      setBlocks(blocksToEditor(field.value));
    }
  }, [field.value]);
  const update = (next: EditorBlock[]) => {
    setBlocks(next);
    const value = next.length ? editorToBlocks(next) : null;
    written.current = JSON.stringify(value);
    field.onChange(value);
  };
  const change = (i: number, patch: Partial<EditorBlock>) => update(blocks.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <Box sx={{ width: '100%', my: 1 }} className={`blocks-editor blocks-${source}`}>
      <Typography variant="caption" color={fieldState.error ? 'error' : 'text.secondary'}>
        {label}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1 }}>
        {blocks.map((block, i) => (
          <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }} className="block">
            {block.kind === 'image' ? (
              <Typography sx={{ flex: 1, p: 1 }} color="text.secondary">
                Image: {String((block.extra?.image as { name?: string } | undefined)?.name ?? '')}
              </Typography>
            ) : (
              <>
                <Select size="small" value={block.kind} onChange={(e) => change(i, { kind: e.target.value as BlockKind })} sx={{ width: 150 }} inputProps={{ 'aria-label': 'Block type' }}>
                  {KINDS.map(([kind, name]) => (
                    <MenuItem key={kind} value={kind}>
                      {name}
                    </MenuItem>
                  ))}
                </Select>
                <TextField
                  multiline
                  size="small"
                  fullWidth
                  value={block.text}
                  onChange={(e) => change(i, { text: e.target.value })}
                  placeholder={block.kind === 'ul' || block.kind === 'ol' ? 'One item per line' : 'Text: **bold** _italic_ ++underline++ ~~strike~~ `code` [link](https://…)'}
                  inputProps={{ 'aria-label': `${label} block ${i + 1}`, style: STYLE[block.kind] }}
                />
              </>
            )}
            <ItemActions index={i} count={blocks.length} what="block" move={(from, to) => update(moveItem(blocks, from, to))} remove={() => update(blocks.filter((_, j) => j !== i))} />
          </Box>
        ))}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {(['paragraph', 'h2', 'ul', 'quote', 'code'] as BlockKind[]).map((kind) => (
            <IconButton key={kind} size="small" onClick={() => update([...blocks, { kind, text: '' }])} aria-label={`Add ${KINDS.find(([k]) => k === kind)?.[1]}`} sx={{ borderRadius: 1, fontSize: 13 }}>
              <AddIcon fontSize="small" /> {KINDS.find(([k]) => k === kind)?.[1]}
            </IconButton>
          ))}
        </Box>
      </Paper>
      {fieldState.error?.message && (
        <Typography variant="caption" color="error">
          {fieldState.error.message}
        </Typography>
      )}
    </Box>
  );
}
