// The per-request context every resolver receives, and small helpers generated code calls.
import type { Request, Response } from 'express';
import type { AuthContext, Document } from '@cms-gen/core/engine/types';
import type { GraphqlRequest } from './request';

export interface GraphqlContext {
  /** The operation layer for this request (generated resolvers call it). */
  cms: GraphqlRequest;
  /** The caller, as REST sees it. */
  auth: AuthContext;
  http: { req: Request; res: Response };
  /** Strapi's `ctx.state` as GraphQL policies read it. */
  state: { auth: AuthContext; user?: Document };
}

/** A class TypeGraphQL can build from (generated or user-written). */
export type ClassType = abstract new (...args: never[]) => unknown;

/** The generated resolver classes of each schema shape, loaded on demand. */
export interface GraphqlSchemas {
  v5: () => Promise<readonly ClassType[]>;
  v4: () => Promise<readonly ClassType[]>;
}

/** The member of `GenericMorph` a morph relation's entry belongs to, by its `__type`; unknown types answer `Error`. */
export function morphMemberType(value: object, members: Readonly<Record<string, string>>): string {
  const uid = (value as Document).__type;
  return (typeof uid === 'string' && members[uid]) || 'Error';
}

/** The member of a dynamic-zone union an entry belongs to; unknown components answer `Error`. */
export function zoneMemberType(value: object, members: Readonly<Record<string, string>>): string {
  const uid = (value as Document).__component;
  return (typeof uid === 'string' && members[uid]) || 'Error';
}
