// `--expires 30d`: a token lifetime as a number and a unit (Strapi offers 7, 30 and 90 days or
// unlimited; any duration is accepted here). `never`/`unlimited` mean no expiry.
const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** Milliseconds, undefined for no expiry, or null when the text is not a duration. */
export function parseDuration(text: string): number | undefined | null {
  const value = text.trim().toLowerCase();
  if (value === 'never' || value === 'unlimited') return undefined;
  const match = /^(\d+)\s*(m|h|d|w)$/.exec(value);
  if (!match) return null;
  const ms = Number(match[1]) * UNIT_MS[match[2]];
  return ms > 0 ? ms : null;
}
