// The relation matrix's cases: every relation kind of test/relation-kit, written from either side
// where it has two, with draft & publish on or off on each side, through each transport.
//
// The kit has four types: left-on and left-off (draft & publish on / off) own the relations;
// right-on and right-off are their targets. An attribute is named after its kind and the D&P of
// the type at its other end: left-on.m2m_off is a manyToMany to right-off, whose inverse side is
// right-off.m2m_on. Strapi refuses a oneToMany owning a two-way relation, so `m2o` seen from the
// right is the two-way oneToMany.

export type Dp = 'on' | 'off';
export type Transport = 'rest' | 'graphql' | 'documents';
export type Side = 'owner' | 'inverse';

/** Relation kinds, named as the owning attribute is (left-<dp>.<kind>_<dp>). */
export type Kind = 'o2o' | 'm2o' | 'm2m' | 'way' | 'ways' | 'morph_one' | 'morph_many';

interface KindInfo {
  /** Whether the owning (left) attribute holds many targets. */
  ownerToMany: boolean;
  /** Whether the inverse (right) attribute holds many; absent for relations without one. */
  inverseToMany?: boolean;
  morph?: true;
}

export const KINDS: Record<Kind, KindInfo> = {
  o2o: { ownerToMany: false, inverseToMany: false },
  m2o: { ownerToMany: false, inverseToMany: true },
  m2m: { ownerToMany: true, inverseToMany: true },
  way: { ownerToMany: false },
  ways: { ownerToMany: true },
  morph_one: { ownerToMany: false, morph: true },
  morph_many: { ownerToMany: true, morph: true },
};

export const DPS: Dp[] = ['on', 'off'];
export const TRANSPORTS: Transport[] = ['rest', 'graphql', 'documents'];

/** One of the kit's four types. */
export interface KitType {
  uid: string;
  /** REST path segment. */
  plural: string;
  /** GraphQL names: the type, its list query, its mutations' suffix. */
  graphqlType: string;
  graphqlList: string;
  dp: Dp;
}

export function kitType(side: 'left' | 'right', dp: Dp): KitType {
  const name = `${side}-${dp}`;
  const type = `${side[0].toUpperCase()}${side.slice(1)}${dp[0].toUpperCase()}${dp.slice(1)}`;
  return { uid: `api::${name}.${name}`, plural: `${name}s`, graphqlType: type, graphqlList: `${side}${dp[0].toUpperCase()}${dp.slice(1)}s`, dp };
}

export const KIT_TYPES: KitType[] = [kitType('left', 'on'), kitType('left', 'off'), kitType('right', 'on'), kitType('right', 'off')];

/** Relation attributes of a kit type: what a batched read populates. */
export function relationAttributes(type: KitType): { name: string; morph: boolean }[] {
  const out: { name: string; morph: boolean }[] = [];
  const left = type.uid.startsWith('api::left');
  for (const dp of DPS) {
    for (const kind of Object.keys(KINDS) as Kind[]) {
      if (KINDS[kind].morph) continue;
      if (!left && KINDS[kind].inverseToMany === undefined) continue;
      out.push({ name: `${kind}_${dp}`, morph: false });
    }
  }
  if (left) out.push({ name: 'morph_one', morph: true }, { name: 'morph_many', morph: true });
  return out;
}

export interface Case {
  /** `<kind>.<side>.<left dp>-<right dp>.<transport>`, e.g. `o2o.inverse.on-off.rest`. */
  id: string;
  kind: Kind;
  side: Side;
  transport: Transport;
  /** The document type written, its attribute, and whether that attribute holds many. */
  writer: KitType;
  attribute: string;
  toMany: boolean;
  /** The type of the documents it points at, and their attribute pointing back (two-way only). */
  target: KitType;
  inverse?: string;
  morph: boolean;
}

/**
 * Every case. Left out, because Strapi 5.54 cannot write the attribute there: morph relations over
 * GraphQL (its inputs have no morph fields), and morphToOne everywhere: REST refuses it (`Invalid
 * key`, docs/rest.md lists that difference) and the Document Service takes only `{ __type, id }`,
 * a row id that no draft & publish mapping follows (its own reads then answer null). Inverse morph
 * sides are written by nobody.
 */
export function allCases(): Case[] {
  const cases: Case[] = [];
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const info = KINDS[kind];
    const sides: Side[] = info.inverseToMany === undefined ? ['owner'] : ['owner', 'inverse'];
    for (const side of sides) {
      for (const from of DPS) {
        for (const to of DPS) {
          for (const transport of TRANSPORTS) {
            if (info.morph && transport === 'graphql') continue;
            if (kind === 'morph_one') continue;
            const left = kitType('left', from);
            const right = kitType('right', to);
            const owner = side === 'owner';
            const ownerAttribute = info.morph ? kind : `${kind}_${to}`;
            const inverseAttribute = info.inverseToMany === undefined ? undefined : `${kind}_${from}`;
            cases.push({
              id: `${kind}.${side}.${from}-${to}.${transport}`,
              kind,
              side,
              transport,
              writer: owner ? left : right,
              attribute: owner ? ownerAttribute : (inverseAttribute as string),
              toMany: owner ? info.ownerToMany : (info.inverseToMany as boolean),
              target: owner ? right : left,
              inverse: owner ? inverseAttribute : ownerAttribute,
              morph: info.morph === true,
            });
          }
        }
      }
    }
  }
  return cases;
}
