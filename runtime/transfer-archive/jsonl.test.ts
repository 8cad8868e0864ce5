import { RecordCounter, splitLines } from './jsonl';

const chunksOf = (text: string, size: number): Buffer[] => {
  const bytes = Buffer.from(text, 'utf8');
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
};

async function lines(chunks: Buffer[]): Promise<string[]> {
  const out: string[] = [];
  async function* source() {
    yield* chunks;
  }
  for await (const line of splitLines(source())) out.push(line.text);
  return out;
}

const TEXT = '{"name":"Catégorie"}\n{"emoji":"😀"}\n\n{"last":true}';

it.each([1, 2, 3, 7, 1000])('splits lines on bytes, whatever the chunks (%i bytes each)', async (size) => {
  // Chunks of 1 to 3 bytes cut the multi-byte characters in the middle.
  expect(await lines(chunksOf(TEXT, size))).toEqual(['{"name":"Catégorie"}', '{"emoji":"😀"}', '', '{"last":true}']);
});

it.each([1, 2, 5, 1000])('counts records without parsing: blank lines, CRLF and a missing final newline (%i-byte chunks)', (size) => {
  for (const [text, expected] of [
    [TEXT, 3],
    ['\n{"a":1}\n{"a":2}', 2], // a continuation file, starting with the separator
    ['{"a":1}\r\n{"a":2}\r\n', 2],
    ['', 0],
    ['\n\n \r\n', 0],
  ] as const) {
    const counter = new RecordCounter();
    for (const chunk of chunksOf(text, size)) counter.add(chunk);
    counter.end();
    expect([text, counter.count]).toEqual([text, expected]);
  }
});
