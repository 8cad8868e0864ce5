// The runtime writes SQL with `?` placeholders on every dialect; PostgreSQL wants `$1..$n`.
// A `?` inside a string literal, a quoted identifier, a comment or a dollar-quoted body is text,
// not a placeholder. Note that PostgreSQL's jsonb operators `?`, `?|` and `?&` cannot be written
// in runtime SQL for that reason: use jsonb_exists()/jsonb_exists_any()/jsonb_exists_all().

const CACHE_LIMIT = 1000;
const cache = new Map<string, string>();

/** Numbers the `?` placeholders of `sql` as `$1..$n` (memoized per SQL string). */
export function numberPlaceholders(sql: string): string {
  const cached = cache.get(sql);
  if (cached !== undefined) return cached;
  const rewritten = sql.includes('?') ? rewrite(sql) : sql;
  // Bounded: IN-lists make the set of SQL strings open-ended.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(sql, rewritten);
  return rewritten;
}

const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

function rewrite(sql: string): string {
  let out = '';
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    const next = sql[i + 1];
    let end: number;
    if (ch === '?') {
      out += `$${++n}`;
      i++;
      continue;
    } else if (ch === "'") {
      // E'...' strings allow backslash escapes; a plain '' is an escaped quote either way.
      const backslashes = i > 0 && (sql[i - 1] === 'E' || sql[i - 1] === 'e') && !isIdentChar(sql[i - 2]);
      end = skipQuoted(sql, i, "'", backslashes);
    } else if (ch === '"') {
      end = skipQuoted(sql, i, '"', false);
    } else if (ch === '-' && next === '-') {
      const nl = sql.indexOf('\n', i);
      end = nl === -1 ? sql.length : nl;
    } else if (ch === '/' && next === '*') {
      const close = sql.indexOf('*/', i + 2);
      end = close === -1 ? sql.length : close + 2;
    } else if (ch === '$' && !isIdentChar(sql[i - 1])) {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 64));
      if (!tag) {
        out += ch;
        i++;
        continue;
      }
      const close = sql.indexOf(tag[0], i + tag[0].length);
      end = close === -1 ? sql.length : close + tag[0].length;
    } else {
      out += ch;
      i++;
      continue;
    }
    out += sql.slice(i, end);
    i = end;
  }
  return out;
}

function isIdentChar(ch: string | undefined): boolean {
  return ch !== undefined && /[A-Za-z0-9_$]/.test(ch);
}

/** Index just past the closing quote of the quoted run starting at `start`. */
function skipQuoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (backslashEscapes && ch === '\\') {
      i += 2;
    } else if (ch === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i++;
    }
  }
  return sql.length;
}
