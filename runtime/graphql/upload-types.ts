// The upload plugin's files over GraphQL: `UploadFile`, its filters and lists, the file queries
// and the `updateUploadFile`/`deleteUploadFile` mutations (no upload through GraphQL, as in
// Strapi 5), the same in every app: the file content type is built in and no schema extends it.
// Strapi 4's shape is in v4-types.ts. The build describes them for the printed SDL
// (generator/emitters/graphql-build.ts, graphql-plugins.ts) and the generated resolver lists
// import the resolver. The mutations call the plugin's operations, as its REST routes do.
import { GraphQLID, GraphQLString } from 'graphql';
import { builtinFilters, v4Types, v5Types, type BuiltinFiltersInput, type BuiltinType, type PluginMutations } from './builtin-types';
import { graphqlClass, type FieldSpec } from './graphql-class';

const FILE: BuiltinType = {
  uid: 'plugin::upload.file',
  name: 'UploadFile',
  one: 'uploadFile',
  many: 'uploadFiles',
  attributes: [
    ['name', 'String'],
    ['alternativeText', 'String'],
    ['caption', 'String'],
    ['focalPoint', 'JSON'],
    ['width', 'Int'],
    ['height', 'Int'],
    ['formats', 'JSON'],
    ['hash', 'String', true],
    ['ext', 'String'],
    ['mime', 'String'],
    ['size', 'Float'],
    ['url', 'String', true],
    ['previewUrl', 'String'],
    ['provider', 'String', true],
    ['provider_metadata', 'JSON'],
  ],
};

export const UploadFileFiltersInput = builtinFilters(FILE);
export type UploadFileFiltersInput = BuiltinFiltersInput;

/** What `updateUploadFile` changes. */
export const FileInfoInput = graphqlClass<FileInfoInput>('input', 'FileInfoInput', () => ['name', 'alternativeText', 'caption'].map((name): FieldSpec => [name, () => GraphQLString, true]));
export interface FileInfoInput {
  name?: string | null;
  alternativeText?: string | null;
  caption?: string | null;
}

const mutations: PluginMutations = (file) => [
  { name: 'updateUploadFile', kind: 'mutation', type: file, args: [['id', () => GraphQLID], ['info', () => FileInfoInput, true]], call: ({ id, info }, ctx) => ctx.cms.plugins.updateFile({ id: id as string, info: info as FileInfoInput | null | undefined }) },
  { name: 'deleteUploadFile', kind: 'mutation', type: file, nullable: true, args: [['id', () => GraphQLID]], call: ({ id }, ctx) => ctx.cms.plugins.deleteFile({ id: id as string }) },
];

const v5 = v5Types(FILE, UploadFileFiltersInput, mutations);
export const UploadFile = v5.object;
export const UploadFileRelationResponseCollection = v5.relationCollection;
export const UploadFileEntityResponseCollection = v5.collection;
export const UploadFileRootResolver = v5.resolver;

/** Strapi 4's shape (v4-types.ts exports it). */
export const fileV4 = v4Types(FILE, UploadFileFiltersInput, mutations);
