// State shared by every GraphQL request of one app: the engine, the limits, and the operation
// objects and shapes per uid (built once, looked up on every resolver call).
import type { ApiTransport, Engine } from '@cms-gen/core/documents/operations';
import { collectionOperations, singleOperations } from '@cms-gen/core/documents/operations';
import type { CollectionOperations, SingleOperations } from '@cms-gen/core/engine/types';
import { componentShape, contentType, contentTypeShape, FILE_UID, type Shape } from '@cms-gen/core/model/schema-index';
import type { GraphqlLimits } from './args';
import type { PluginServices } from './plugins/services';

export class GraphqlRuntime {
  private readonly collections = new Map<string, CollectionOperations>();
  private readonly singles = new Map<string, SingleOperations>();
  private readonly shapes = new Map<string, Shape>();
  /** The upload plugin's file type, which media attributes point at. */
  readonly fileUid = FILE_UID;

  constructor(
    readonly engine: Engine,
    readonly limits: GraphqlLimits,
    /** The built-in plugins' services the plugin mutations run on (absent: the plugin is off). */
    readonly plugins: PluginServices = {},
  ) {}

  /**
   * GraphQL pages by its own limits, not REST's `api.rest` ones (Strapi's GraphQL plugin does too),
   * and its writes leave out relations to types the caller may not read, where REST refuses them.
   */
  private get transport(): ApiTransport {
    return { limits: { defaultLimit: this.limits.defaultLimit, maxLimit: this.limits.amountLimit }, unreadableRelations: 'drop' };
  }

  collection(uid: string): CollectionOperations {
    let ops = this.collections.get(uid);
    if (!ops) this.collections.set(uid, (ops = collectionOperations(this.engine, uid, this.transport)));
    return ops;
  }

  single(uid: string): SingleOperations {
    let ops = this.singles.get(uid);
    if (!ops) this.singles.set(uid, (ops = singleOperations(this.engine, uid, this.transport)));
    return ops;
  }

  /** A content type or component by uid (components have no `::`). */
  shape(uid: string): Shape {
    let shape = this.shapes.get(uid);
    if (!shape) this.shapes.set(uid, (shape = uid.includes('::') ? contentTypeShape(this.engine.schema, uid) : componentShape(this.engine.schema, uid)));
    return shape;
  }

  /** The permission action of `uid` (`api::article.article.find`). */
  actionOf(uid: string, action: string): string {
    return `${contentType(this.engine.schema, uid).actionPrefix}.${action}`;
  }
}
