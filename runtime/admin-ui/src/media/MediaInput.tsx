// A media field: the chosen file (or files, in order, reordered by dragging), picked from the
// library or uploaded from the picker.
import { useState } from 'react';
import { useInput } from 'react-admin';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import PhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { SortableList } from '../content/SortableList';
import { MediaBrowser, thumbnailOf, type MediaFile } from './MediaLibrary';

function FileLabel({ file }: { file: MediaFile }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {file.mime?.startsWith('image/') && <img src={thumbnailOf(file)} alt={file.alternativeText ?? file.name} style={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 4 }} />}
      <Typography variant="body2" noWrap>
        {file.name}
      </Typography>
    </Box>
  );
}

export function MediaInput({ source, label, multiple, allowedTypes }: { source: string; label: string; multiple: boolean; allowedTypes?: string[] }) {
  const { field, fieldState } = useInput({ source });
  const [open, setOpen] = useState(false);
  const value: MediaFile[] = multiple ? (Array.isArray(field.value) ? field.value : []) : field.value ? [field.value] : [];
  const [picked, setPicked] = useState<MediaFile[]>([]);
  const toggle = (file: MediaFile) =>
    setPicked((list) => {
      if (list.some((f) => f.id === file.id)) return list.filter((f) => f.id !== file.id);
      return multiple ? [...list, file] : [file];
    });
  const confirm = () => {
    field.onChange(multiple ? picked : (picked[0] ?? null));
    setOpen(false);
  };
  const name = source.split('.').pop();
  return (
    <Box sx={{ width: '100%', my: 1 }} className={`media-input media-${name}`}>
      <Typography variant="caption" color={fieldState.error ? 'error' : 'text.secondary'}>
        {label} {multiple ? '(multiple)' : ''}
      </Typography>
      {value.length > 0 && <SortableList items={value} onChange={(items) => field.onChange(multiple ? items : (items[0] ?? null))} render={(file) => <FileLabel file={file} />} />}
      <Button
        startIcon={<PhotoIcon />}
        onClick={() => {
          setPicked(value);
          setOpen(true);
        }}
      >
        {value.length === 0 ? 'Choose from the library' : multiple ? 'Add or change files' : 'Change the file'}
      </Button>
      {fieldState.error?.message && (
        <Typography variant="caption" color="error" component="p">
          {fieldState.error.message}
        </Typography>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" fullWidth>
        <DialogTitle>Select {multiple ? 'files' : 'a file'}</DialogTitle>
        <DialogContent>
          <MediaBrowser picker multiple={multiple} allowedTypes={allowedTypes} selected={picked} onToggle={toggle} />
        </DialogContent>
        <DialogActions>
          <Typography variant="body2" sx={{ mr: 'auto', ml: 2 }}>
            {picked.length} selected
          </Typography>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={confirm}>
            Finish
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
