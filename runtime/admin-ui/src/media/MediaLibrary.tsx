// The media library: grid or list, filter by type, search, drag-and-drop multi-upload with a
// progress bar per file, and per file: name / alternative text / caption, replace, delete. The
// same browser picks files for a media field.
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Title, useNotify } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import GridIcon from '@mui/icons-material/GridView';
import ListIcon from '@mui/icons-material/ViewList';
import UploadIcon from '@mui/icons-material/CloudUpload';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { request, toQuery, upload } from '../api';

export interface MediaFile {
  id: number;
  documentId?: string;
  name: string;
  alternativeText?: string | null;
  caption?: string | null;
  width?: number | null;
  height?: number | null;
  mime: string;
  ext?: string;
  size?: number;
  url: string;
  formats?: Record<string, { url: string }> | null;
  createdAt?: string;
}

export type MediaType = 'all' | 'images' | 'videos' | 'audios' | 'files';

const TYPE_FILTERS: Record<MediaType, Record<string, unknown> | undefined> = {
  all: undefined,
  images: { mime: { $startsWith: 'image' } },
  videos: { mime: { $startsWith: 'video' } },
  audios: { mime: { $startsWith: 'audio' } },
  files: { $and: [{ mime: { $notContains: 'image' } }, { mime: { $notContains: 'video' } }, { mime: { $notContains: 'audio' } }] },
};

export const thumbnailOf = (file: MediaFile): string => file.formats?.thumbnail?.url ?? file.formats?.small?.url ?? file.url;

export function FilePreview({ file, size = 120 }: { file: MediaFile; size?: number }) {
  if (file.mime?.startsWith('image/')) return <img src={thumbnailOf(file)} alt={file.alternativeText ?? file.name} style={{ width: '100%', height: size, objectFit: 'cover', display: 'block' }} />;
  return (
    <Box sx={{ height: size, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <FileIcon fontSize="large" color="action" />
      <Typography variant="caption" sx={{ ml: 1 }}>
        {file.ext ?? file.mime}
      </Typography>
    </Box>
  );
}

interface Upload {
  name: string;
  progress: number;
  error?: string;
}

const PAGE_SIZE = 24;

export function MediaBrowser({ picker, multiple, allowedTypes, selected, onToggle }: { picker?: boolean; multiple?: boolean; allowedTypes?: string[]; selected?: MediaFile[]; onToggle?(file: MediaFile): void }) {
  const notify = useNotify();
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const initialType: MediaType = allowedTypes?.length === 1 && allowedTypes[0] !== 'files' ? (allowedTypes[0] as MediaType) : 'all';
  const [type, setType] = useState<MediaType>(initialType);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [files, setFiles] = useState<MediaFile[]>([]);
  const [pageCount, setPageCount] = useState(1);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [editing, setEditing] = useState<MediaFile | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    const query = toQuery({ page, pageSize: PAGE_SIZE, sort: 'createdAt:desc', _q: q || undefined, filters: TYPE_FILTERS[type] });
    const { json } = await request<{ data: MediaFile[]; meta?: { pagination?: { pageCount: number } } }>('/upload/files', { query });
    setFiles(json.data ?? []);
    setPageCount(json.meta?.pagination?.pageCount ?? 1);
  }, [page, q, type]);

  useEffect(() => {
    load().catch((error) => notify((error as Error).message, { type: 'error' }));
  }, [load, notify]);

  const send = async (list: File[]) => {
    if (list.length === 0) return;
    const start = uploads.length;
    setUploads((u) => [...u, ...list.map((f) => ({ name: f.name, progress: 0 }))]);
    await Promise.all(
      list.map(async (file, i) => {
        const form = new FormData();
        form.append('files', file);
        try {
          const answer = await upload<{ data: MediaFile[] } | MediaFile[]>('/upload', form, (progress) => setUploads((u) => u.map((x, j) => (j === start + i ? { ...x, progress } : x))));
          const uploaded = Array.isArray(answer) ? answer : answer.data;
          if (picker && onToggle) uploaded.forEach((f) => onToggle(f));
        } catch (error) {
          setUploads((u) => u.map((x, j) => (j === start + i ? { ...x, error: (error as Error).message } : x)));
        }
      }),
    );
    setPage(1);
    await load();
    notify(`${list.length} ${list.length === 1 ? 'file' : 'files'} uploaded`, { type: 'info' });
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send([...event.dataTransfer.files]);
  };

  const isSelected = (file: MediaFile) => !!selected?.some((s) => s.id === file.id);
  const click = (file: MediaFile) => (picker ? onToggle?.(file) : setEditing(file));

  return (
    <Box className="media-browser">
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup size="small" exclusive value={type} onChange={(_, v) => v && (setType(v), setPage(1))} aria-label="File type">
          {(['all', 'images', 'videos', 'audios', 'files'] as MediaType[]).map((t) => (
            <ToggleButton key={t} value={t}>
              {t}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField size="small" placeholder="Search files" value={q} onChange={(e) => (setQ(e.target.value), setPage(1))} inputProps={{ 'aria-label': 'Search files' }} />
        <Box sx={{ flex: 1 }} />
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v) => v && setView(v)} aria-label="View">
          <ToggleButton value="grid" aria-label="Grid view">
            <GridIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="list" aria-label="List view">
            <ListIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
        <Button variant="contained" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
          Upload files
        </Button>
        <input ref={input} type="file" multiple hidden data-testid="upload-input" onChange={(e) => (void send([...(e.target.files ?? [])]), (e.target.value = ''))} />
      </Stack>
      <Box
        onDragOver={(e) => (e.preventDefault(), setDragging(true))}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className="drop-zone"
        sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 2, p: 2, mb: 2, textAlign: 'center', color: 'text.secondary' }}
      >
        Drop files here to upload them
        {uploads.map((u, i) => (
          <Box key={i} sx={{ textAlign: 'left', mt: 1 }} className="upload-progress">
            <Typography variant="caption">
              {u.name} {u.error ? `— ${u.error}` : `${Math.round(u.progress * 100)}%`}
            </Typography>
            <LinearProgress variant="determinate" value={u.progress * 100} color={u.error ? 'error' : 'primary'} />
          </Box>
        ))}
      </Box>
      {files.length === 0 && <Typography color="text.secondary">No files yet.</Typography>}
      {view === 'grid' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 2 }}>
          {files.map((file) => (
            <Card key={file.id} variant="outlined" className="media-card" data-name={file.name} sx={{ outline: isSelected(file) ? '3px solid' : 'none', outlineColor: 'primary.main' }}>
              <CardActionArea onClick={() => click(file)}>
                <FilePreview file={file} />
                <CardContent sx={{ p: 1 }}>
                  <Stack direction="row" sx={{ alignItems: 'center' }}>
                    {picker && <Checkbox size="small" checked={isSelected(file)} sx={{ p: 0, mr: 0.5 }} inputProps={{ 'aria-label': `Select ${file.name}` }} />}
                    <Typography variant="body2" noWrap title={file.name}>
                      {file.name}
                    </Typography>
                  </Stack>
                  <Typography variant="caption" color="text.secondary">
                    {file.mime} {file.width ? `· ${file.width}×${file.height}` : ''}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>Name</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Size</TableCell>
              <TableCell>Alternative text</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((file) => (
              <TableRow key={file.id} hover onClick={() => click(file)} selected={isSelected(file)} sx={{ cursor: 'pointer' }} className="media-row">
                <TableCell sx={{ width: 64 }}>
                  <FilePreview file={file} size={40} />
                </TableCell>
                <TableCell>{file.name}</TableCell>
                <TableCell>{file.mime}</TableCell>
                <TableCell>{file.size !== undefined ? `${file.size} KB` : ''}</TableCell>
                <TableCell>{file.alternativeText}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {pageCount > 1 && <Pagination sx={{ mt: 2 }} count={pageCount} page={page} onChange={(_, p) => setPage(p)} />}
      {editing && <FileDialog file={editing} onClose={() => setEditing(null)} onChanged={() => void load()} />}
      {multiple === false && null}
    </Box>
  );
}

function FileDialog({ file, onClose, onChanged }: { file: MediaFile; onClose(): void; onChanged(): void }) {
  const notify = useNotify();
  const [values, setValues] = useState({ name: file.name, alternativeText: file.alternativeText ?? '', caption: file.caption ?? '' });
  const [current, setCurrent] = useState(file);
  const replace = useRef<HTMLInputElement>(null);
  const save = async () => {
    try {
      await request(`/upload/files/${file.id}`, { method: 'PUT', body: values });
      notify('File saved', { type: 'info' });
      onChanged();
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const remove = async () => {
    if (!window.confirm(`Delete ${file.name}?`)) return;
    await request(`/upload/files/${file.id}`, { method: 'DELETE' });
    notify('File deleted', { type: 'info' });
    onChanged();
    onClose();
  };
  const doReplace = async (next: File | undefined) => {
    if (!next) return;
    const form = new FormData();
    form.append('files', next);
    try {
      const answer = await upload<{ data: MediaFile | MediaFile[] } | MediaFile>(`/upload/files/${file.id}/replace`, form);
      const data = 'data' in (answer as object) ? (answer as { data: MediaFile | MediaFile[] }).data : (answer as MediaFile);
      setCurrent(Array.isArray(data) ? data[0] : data);
      notify('File replaced', { type: 'info' });
      onChanged();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>File details</DialogTitle>
      <DialogContent>
        <FilePreview file={current} size={220} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ my: 1 }}>
          {current.mime} · {current.size} KB {current.width ? `· ${current.width}×${current.height}` : ''} · <a href={current.url}>{current.url}</a>
        </Typography>
        <TextField label="File name" fullWidth margin="dense" value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
        <TextField label="Alternative text" fullWidth margin="dense" value={values.alternativeText} onChange={(e) => setValues({ ...values, alternativeText: e.target.value })} />
        <TextField label="Caption" fullWidth margin="dense" value={values.caption} onChange={(e) => setValues({ ...values, caption: e.target.value })} />
        <input ref={replace} type="file" hidden data-testid="replace-input" onChange={(e) => void doReplace(e.target.files?.[0])} />
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={remove}>
          Delete
        </Button>
        <Button onClick={() => replace.current?.click()}>Replace</Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function MediaLibraryPage() {
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Media library" />
      <MediaBrowser />
    </Box>
  );
}
