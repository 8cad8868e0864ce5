// Reads the recorded real-Strapi exchanges of test/conformance/observations/*.txt (request line,
// headers, body; status line, headers, body) into Exchanges for the OpenAPI traffic check.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitUrl, type Exchange } from './openapi-traffic';

const HEADER = /^([a-z0-9-]+): (.*)$/i;

function section(text: string, start: string, end?: string): string[] {
  const from = text.indexOf(start);
  if (from === -1) return [];
  const to = end ? text.indexOf(end, from) : -1;
  return text.slice(from + start.length, to === -1 ? undefined : to).split('\n');
}

/** One observation file as an Exchange (undefined when it has no request line). */
export function parseObservation(source: string, text: string): Exchange | undefined {
  const request = section(text, '## REQUEST', '## RESPONSE');
  const response = section(text, '## RESPONSE');
  let i = request.findIndex((line) => line.trim() !== '');
  if (i === -1) return undefined;
  const [method, url] = request[i].trim().split(/\s+/, 2);
  const requestHeaders: Record<string, string> = {};
  for (i += 1; i < request.length && HEADER.test(request[i]); i++) {
    const [, name, value] = HEADER.exec(request[i]) ?? [];
    requestHeaders[name.toLowerCase()] = value;
  }
  const rest = request.slice(i).filter((line) => line.trim() !== '' && !line.startsWith('(decoded)'));
  const multipart = rest.some((line) => line.startsWith('(multipart/form-data'));
  const requestBody = !multipart && rest.length > 0 ? rest.join('\n') : null;
  const statusLine = response.find((line) => line.startsWith('HTTP '));
  const status = Number(/^HTTP (\d{3})/.exec(statusLine ?? '')?.[1]);
  const contentType = response.map((line) => /^content-type: (.*)$/i.exec(line)?.[1]).find((v) => v !== undefined) ?? null;
  const bodyAt = response.findIndex((line) => line.startsWith('(body '));
  const truncated = bodyAt !== -1 && response[bodyAt].includes('truncated');
  const responseText = truncated ? null : bodyAt === -1 ? '' : response.slice(bodyAt + 1).join('\n').trim();
  return { source, method, ...splitUrl(url), requestHeaders, requestBody, multipart, status, contentType, responseText };
}

/** Every observation under `dir` and its subfolders (production-mode/), sorted by file name. */
export function readObservations(dir: string): Exchange[] {
  const out: Exchange[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...readObservations(path));
    else if (entry.name.endsWith('.txt') && entry.name !== 'INDEX.txt') {
      const exchange = parseObservation(path, readFileSync(path, 'utf8'));
      if (exchange) out.push(exchange);
    }
  }
  return out;
}
