// Schemas after their shape has been checked: typed, defaults filled in, ready for cross checks
// (validate) and normalization (model). Mirrors Strapi's schema.json fields, nothing derived yet.
import type { MorphRelationKind, RelationKind, ScalarType } from '../runtime/core/model/types';
import type { SchemaOrigin } from './schema-files';

interface AttributeDefinitionBase {
  name: string;
  required: boolean;
  private: boolean;
  /** `pluginOptions.i18n.localized` as written, if it was. */
  i18nLocalized?: boolean;
  /** A plugin attribute its extension leaves out: kept (private) for the plugin's own code only. */
  undeclared?: true;
  /** `conditions.visible`, a JSON Logic rule: where it is false the attribute is hidden and not required. */
  visibleWhen?: Record<string, unknown>;
}

export interface ScalarDefinition extends AttributeDefinitionBase {
  kind: 'scalar';
  type: ScalarType;
  unique: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  enum?: string[];
  default?: unknown;
  targetField?: string;
  /** `searchable: false` keeps the attribute out of `_q` searches. */
  searchable?: false;
  /** `pluginOptions["cms-gen"].renamedFrom`: the attribute's previous name, so migrations rename its column instead of dropping it. */
  renamedFrom?: string;
}

export interface RelationDefinition extends AttributeDefinitionBase {
  kind: 'relation';
  relation: RelationKind;
  target: string;
  inversedBy?: string;
  mappedBy?: string;
  /**
   * Set on a relation Strapi boots but its content API never reads or writes (one to the admin
   * users, or a mappedBy side no attribute owns): it stays out of the app's API and storage.
   */
  unexposed?: true;
}

/**
 * A polymorphic relation: morphToOne/morphToMany own the links and name no target (each link
 * carries its target's uid); morphOne/morphMany are their inverse sides, on a type the owner's
 * links may point at (`target` is the owning type, `morphBy` its morphTo attribute).
 */
export interface MorphDefinition extends AttributeDefinitionBase {
  kind: 'morph';
  relation: MorphRelationKind;
  target?: string;
  morphBy?: string;
}

export interface MediaDefinition extends AttributeDefinitionBase {
  kind: 'media';
  multiple: boolean;
  allowedTypes: string[];
}

export interface ComponentRefDefinition extends AttributeDefinitionBase {
  kind: 'component';
  component: string;
  repeatable: boolean;
  min?: number;
  max?: number;
}

export interface DynamicZoneDefinition extends AttributeDefinitionBase {
  kind: 'dynamiczone';
  components: string[];
  min?: number;
  max?: number;
}

export type AttributeDefinition = ScalarDefinition | RelationDefinition | MorphDefinition | MediaDefinition | ComponentRefDefinition | DynamicZoneDefinition;

export interface ContentTypeDefinition {
  uid: string;
  file: string;
  origin: SchemaOrigin;
  kind: 'collectionType' | 'singleType';
  singularName: string;
  pluralName: string;
  displayName: string;
  collectionName: string;
  draftAndPublish: boolean;
  localized: boolean;
  /** In schema order. */
  attributes: AttributeDefinition[];
}

export interface ComponentDefinition {
  uid: string;
  file: string;
  category: string;
  displayName: string;
  collectionName: string;
  /** In schema order. */
  attributes: AttributeDefinition[];
}

export interface SchemaDefinitions {
  /** Sorted by uid; built-in plugin types included. */
  contentTypes: ContentTypeDefinition[];
  /** Sorted by uid. */
  components: ComponentDefinition[];
}
