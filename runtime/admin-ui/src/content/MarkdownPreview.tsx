// The rendered Markdown of a richtext field: CommonMark plus GitHub's tables, strikethrough, task
// lists and autolinks. react-markdown builds React elements (no innerHTML): HTML written in the
// source is left out, and link and image URLs go through its safe-protocol filter.
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Typography } from '@mui/material';

export default function MarkdownPreview({ text }: { text: string }) {
  if (text.trim() === '') return <Typography color="text.secondary">Nothing to preview</Typography>;
  return (
    <Markdown remarkPlugins={[remarkGfm]} skipHtml>
      {text}
    </Markdown>
  );
}
