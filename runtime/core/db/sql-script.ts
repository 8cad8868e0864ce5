// Splits a migration script (as the schema engine prints it) into single statements, because
// the executors run one statement per call (better-sqlite3's prepare() takes exactly one).
// Semicolons inside string literals, quoted identifiers, comments and dollar-quoted bodies do not
// end a statement. Comment-only fragments are dropped; comments inside a statement are kept.

export function splitSqlScript(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const text = script.slice(start, end).trim();
    if (stripComments(text).trim() !== '') statements.push(text);
  };
  while (i < script.length) {
    const ch = script[i];
    const next = script[i + 1];
    if (ch === ';') {
      push(i);
      start = ++i;
    } else if (ch === "'" || ch === '"' || ch === '`') {
      i = skipQuoted(script, i, ch);
    } else if (ch === '-' && next === '-') {
      const nl = script.indexOf('\n', i);
      i = nl === -1 ? script.length : nl;
    } else if (ch === '/' && next === '*') {
      const close = script.indexOf('*/', i + 2);
      i = close === -1 ? script.length : close + 2;
    } else if (ch === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(i, i + 64));
      if (tag && !/[A-Za-z0-9_]/.test(script[i - 1] ?? '')) {
        const close = script.indexOf(tag[0], i + tag[0].length);
        i = close === -1 ? script.length : close + tag[0].length;
      } else {
        i++;
      }
    } else {
      i++;
    }
  }
  push(script.length);
  return statements;
}

/** The statement without `--` and block comments (quoted text is left alone). */
export function stripComments(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    const next = sql[i + 1];
    if (ch === "'" || ch === '"' || ch === '`') {
      const end = skipQuoted(sql, i, ch);
      out += sql.slice(i, end);
      i = end;
    } else if (ch === '-' && next === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl === -1 ? sql.length : nl;
    } else if (ch === '/' && next === '*') {
      const close = sql.indexOf('*/', i + 2);
      i = close === -1 ? sql.length : close + 2;
      out += ' ';
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

function skipQuoted(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i++;
    }
  }
  return sql.length;
}
