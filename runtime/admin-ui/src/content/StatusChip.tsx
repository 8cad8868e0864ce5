import { Chip } from '@mui/material';

const COLORS = { draft: 'default', published: 'success', modified: 'warning' } as const;

export function StatusChip({ status }: { status?: string }) {
  if (!status) return null;
  const color = COLORS[status as keyof typeof COLORS] ?? 'default';
  return <Chip size="small" label={status.charAt(0).toUpperCase() + status.slice(1)} color={color} variant={status === 'draft' ? 'outlined' : 'filled'} data-status={status} className="status-chip" />;
}
