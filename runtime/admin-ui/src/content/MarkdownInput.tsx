// Markdown (richtext): the source in a monospaced text area, and a preview beside it on demand.
// The preview (react-markdown, loaded when first opened) never renders raw HTML from the source
// and drops unsafe link targets (javascript: and the like), so it needs no HTML sanitizer.
import { lazy, Suspense, useState } from 'react';
import { TextInput, type TextInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';

const MarkdownPreview = lazy(() => import('./MarkdownPreview'));

export function MarkdownInput(props: TextInputProps & { source: string }) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const text = useWatch({ name: props.source }) as unknown;
  return (
    <Box sx={{ width: '100%' }} className={`markdown-input markdown-${props.source.split('.').pop()}`}>
      <Tabs value={tab} onChange={(_, v: 'write' | 'preview') => setTab(v)} sx={{ minHeight: 32, '& .MuiTab-root': { minHeight: 32, py: 0 } }}>
        <Tab value="write" label="Write" className="markdown-write" />
        <Tab value="preview" label="Preview" className="markdown-preview-tab" />
      </Tabs>
      {/* Kept mounted while previewing, so the field keeps its validation and value. */}
      <Box sx={{ display: tab === 'write' ? 'block' : 'none' }}>
        <TextInput {...props} multiline minRows={8} sx={{ '& textarea': { fontFamily: 'monospace' } }} />
      </Box>
      {tab === 'preview' && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2, minHeight: 120, '& img': { maxWidth: '100%' }, '& pre': { overflowX: 'auto' } }} className="markdown-preview">
          <Typography variant="caption" color="text.secondary">
            {String(props.label ?? '')}
          </Typography>
          <Suspense fallback={<Typography color="text.secondary">Loading preview…</Typography>}>
            <MarkdownPreview text={typeof text === 'string' ? text : ''} />
          </Suspense>
        </Paper>
      )}
    </Box>
  );
}
