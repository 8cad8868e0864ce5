// Reading stored JSON text back into a value without letting a pathological row break the read.
// Values are bounded on input (engine/write/json-bounds.ts, 31 levels), but a row written before
// that bound, or directly with SQL, may be nested thousands of levels deep: JSON.parse handles it,
// but every later step that recurses (the response's JSON.stringify, GraphQL serialization) would
// throw, and every list containing the row would answer 500. Such a value is returned as its
// stored text (a JSON string), so the read succeeds and nothing is lost.

/** Deeper stored values come back as text. Well above what the API accepts, so those round-trip. */
export const MAX_READ_JSON_DEPTH = 256;

/** The parsed value of stored JSON text; the text itself when it is not JSON or too deep. */
export function readStoredJson(text: string): unknown {
  // Nesting d levels takes at least 2d characters: short texts need no scan.
  if (text.length > 2 * MAX_READ_JSON_DEPTH && nestingExceeds(text, MAX_READ_JSON_DEPTH)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Whether brackets outside strings nest deeper than `limit` (one linear pass, no recursion). */
export function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
