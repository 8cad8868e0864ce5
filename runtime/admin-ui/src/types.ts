// The metadata's shapes (GET /admin/api/content-types and /components). No imports: tests outside
// the SPA's package read this file and what uses only it (blocks.ts, payload.ts).
export interface AttributeMeta {
  type: string;
  required?: boolean;
  private?: boolean;
  unique?: boolean;
  min?: number | string;
  max?: number | string;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  enum?: string[];
  default?: unknown;
  multiple?: boolean;
  allowedTypes?: string[];
  relation?: string;
  target?: string;
  targetAttribute?: string;
  component?: string;
  repeatable?: boolean;
  components?: string[];
  targetField?: string;
  localized?: boolean;
}

export interface ContentTypeMeta {
  uid: string;
  kind: 'collectionType' | 'singleType';
  singularName: string;
  pluralName: string;
  displayName: string;
  draftAndPublish: boolean;
  localized: boolean;
  mainField: string;
  attributes: Record<string, AttributeMeta>;
}

export interface ComponentMeta {
  uid: string;
  category: string;
  displayName: string;
  attributes: Record<string, AttributeMeta>;
}
