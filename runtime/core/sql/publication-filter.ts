// `publicationFilter` as SQL: a condition on the version rows under `alias` (already restricted to
// the reader's status) that keeps the documents whose draft and published versions relate as asked.
// Each mode is an EXISTS / NOT EXISTS over the other version of the same document: the same locale
// ("pair"), or any locale for the `-document` modes. `modified` compares update times: publishing
// copies the draft's updated_at to the published version, so a draft edited afterwards is newer.
import type { PublicationFilter, PublicationStatus } from '../query/ast';
import type { ContentTypeMeta } from '../model/types';
import { FALSE, sql, type Sql } from './fragment';
import type { Dialect } from './dialect';

type Other = 'published' | 'draft';

interface Probe {
  /** Which version of the document to look for. */
  other: Other;
  /** Whether it must exist or not. */
  exists: boolean;
  /** Same locale only (per-locale modes), or any locale of the document. */
  sameLocale: boolean;
  /** Extra comparison of update times: draft newer than published, or not. */
  draftNewer?: boolean;
}

/**
 * What each mode asks of the other version, from the side of the version the reader gets.
 * null: the mode can select no row of that status (e.g. never-published documents have no
 * published row), so the answer is empty rather than an error.
 */
function probe(mode: PublicationFilter, status: PublicationStatus): Probe | null {
  const draft = status === 'draft';
  const other: Other = draft ? 'published' : 'draft';
  switch (mode) {
    case 'never-published':
      return draft ? { other, exists: false, sameLocale: true } : null;
    case 'never-published-document':
      return draft ? { other, exists: false, sameLocale: false } : null;
    case 'has-published-version':
      return { other, exists: true, sameLocale: true };
    case 'has-published-version-document':
      return { other, exists: true, sameLocale: false };
    case 'modified':
      return { other, exists: true, sameLocale: true, draftNewer: true };
    case 'unmodified':
      return { other, exists: true, sameLocale: true, draftNewer: false };
    case 'published-with-draft':
      return draft ? null : { other, exists: true, sameLocale: true };
    case 'published-without-draft':
      return draft ? null : { other, exists: false, sameLocale: true };
  }
}

/** The condition on `alias` (rows of `meta` in `status`) for `mode`. */
export function publicationFilterCondition(meta: ContentTypeMeta, alias: string, status: PublicationStatus, mode: PublicationFilter, dialect: Dialect): Sql {
  const p = probe(mode, status);
  if (!p) return FALSE;
  const o = `${alias}_pf`;
  // The other version by is_draft, as statusCondition picks versions: with the document_id it is the
  // unique (document_id, [locale,] is_draft) index.
  const conditions = [`${o}.document_id = ${alias}.document_id`, p.other === 'published' ? `${o}.is_draft = FALSE` : `${o}.is_draft = TRUE`];
  if (p.sameLocale && meta.localized) conditions.push(`${o}.locale = ${alias}.locale`);
  if (p.draftNewer !== undefined) {
    const [draftRow, publishedRow] = status === 'draft' ? [alias, o] : [o, alias];
    conditions.push(p.draftNewer ? `${draftRow}.updated_at > ${publishedRow}.updated_at` : `${draftRow}.updated_at <= ${publishedRow}.updated_at`);
  }
  const subquery = `SELECT 1 FROM ${dialect.quote(meta.table)} ${o} WHERE ${conditions.join(' AND ')}`;
  return sql(`${p.exists ? '' : 'NOT '}EXISTS (${subquery})`);
}
