// Attribute type groups the parser and the default checks share.
import type { RelationKind, ScalarType } from '../../runtime/core/model/types';

export const SCALAR_TYPES: readonly ScalarType[] = [
  'string',
  'text',
  'richtext',
  'blocks',
  'enumeration',
  'email',
  'password',
  'uid',
  'date',
  'time',
  'datetime',
  'timestamp',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'json',
];

export const NUMBER_TYPES: readonly ScalarType[] = ['integer', 'biginteger', 'float', 'decimal'];

/** Types whose values are text, so minLength/maxLength/regex apply. */
export const TEXT_TYPES: readonly ScalarType[] = ['string', 'text', 'richtext', 'email', 'password', 'uid'];

export const RELATION_KINDS: readonly RelationKind[] = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany', 'oneWay', 'manyWay'];

/** Strapi's polymorphic relations: owners (morphTo*) link to any content type, inverse sides use morphBy. */
export const MORPH_RELATION_KINDS: readonly string[] = ['morphToOne', 'morphToMany', 'morphOne', 'morphMany'];

export const MEDIA_TYPES: readonly string[] = ['images', 'files', 'videos', 'audios'];

export const isScalarType = (type: string): type is ScalarType => (SCALAR_TYPES as readonly string[]).includes(type);
export const isRelationKind = (kind: string): kind is RelationKind => (RELATION_KINDS as readonly string[]).includes(kind);
export const isNumberType = (type: string): boolean => (NUMBER_TYPES as readonly string[]).includes(type);
export const isTextType = (type: string): boolean => (TEXT_TYPES as readonly string[]).includes(type);
