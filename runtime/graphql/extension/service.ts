// The extension service: records what an app disables and adds; schema.ts applies it when the
// schema is built. Nothing here touches a schema, so the order of calls does not matter.
import type {
  ExtensionInput,
  GraphqlExtensionService,
  MiddlewareFactory,
  Policy,
  ShadowCrudField,
  ShadowCrudType,
} from './types';

export const ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
const QUERY_ACTIONS = new Set(['find', 'findOne']);
const MUTATION_ACTIONS = new Set(['create', 'update', 'delete']);

export interface FieldState {
  output: boolean;
  input: boolean;
  filters: boolean;
}

export interface TypeState {
  enabled: boolean;
  disabledActions: Set<string>;
  fields: Map<string, FieldState>;
}

class FieldSettings implements ShadowCrudField {
  constructor(private readonly state: FieldState) {}

  disable(): ShadowCrudField {
    this.state.output = this.state.input = this.state.filters = false;
    return this;
  }
  disableOutput(): ShadowCrudField {
    this.state.output = false;
    return this;
  }
  disableInput(): ShadowCrudField {
    this.state.input = false;
    return this;
  }
  disableFilters(): ShadowCrudField {
    this.state.filters = false;
    return this;
  }
  isEnabled(): boolean {
    return this.state.output || this.state.input || this.state.filters;
  }
  isDisabled(): boolean {
    return !this.isEnabled();
  }
  hasInputEnabled(): boolean {
    return this.state.input;
  }
  hasOutputEnabled(): boolean {
    return this.state.output;
  }
  hasFiltersEnabled(): boolean {
    return this.state.filters;
  }
}

class TypeSettings implements ShadowCrudType {
  constructor(private readonly state: TypeState) {}

  disable(): ShadowCrudType {
    this.state.enabled = false;
    return this;
  }
  disableQueries(): ShadowCrudType {
    return this.disableActions([...QUERY_ACTIONS]);
  }
  disableMutations(): ShadowCrudType {
    return this.disableActions([...MUTATION_ACTIONS]);
  }
  disableAction(action: string): ShadowCrudType {
    this.state.disabledActions.add(action);
    return this;
  }
  disableActions(actions: readonly string[]): ShadowCrudType {
    for (const action of actions) this.state.disabledActions.add(action);
    return this;
  }
  field(name: string): ShadowCrudField {
    let field = this.state.fields.get(name);
    if (!field) this.state.fields.set(name, (field = { output: true, input: true, filters: true }));
    return new FieldSettings(field);
  }
  isEnabled(): boolean {
    return this.state.enabled;
  }
  isDisabled(): boolean {
    return !this.state.enabled;
  }
  areQueriesEnabled(): boolean {
    return this.state.enabled && [...QUERY_ACTIONS].some((a) => !this.state.disabledActions.has(a));
  }
  areQueriesDisabled(): boolean {
    return !this.areQueriesEnabled();
  }
  areMutationsEnabled(): boolean {
    return this.state.enabled && [...MUTATION_ACTIONS].some((a) => !this.state.disabledActions.has(a));
  }
  areMutationsDisabled(): boolean {
    return !this.areMutationsEnabled();
  }
  isActionEnabled(action: string): boolean {
    return this.state.enabled && !this.state.disabledActions.has(action);
  }
  isActionDisabled(action: string): boolean {
    return !this.isActionEnabled(action);
  }
}

export class ExtensionService implements GraphqlExtensionService {
  readonly types = new Map<string, TypeState>();
  readonly extensions: ExtensionInput[] = [];
  readonly policies = new Map<string, Policy>();
  readonly middlewares = new Map<string, MiddlewareFactory>();

  shadowCRUD(uid: string): ShadowCrudType {
    let state = this.types.get(uid);
    if (!state) this.types.set(uid, (state = { enabled: true, disabledActions: new Set(), fields: new Map() }));
    return new TypeSettings(state);
  }

  use(extension: ExtensionInput): GraphqlExtensionService {
    this.extensions.push(extension);
    return this;
  }

  registerPolicy(name: string, policy: Policy): GraphqlExtensionService {
    this.policies.set(name, policy);
    return this;
  }

  registerMiddleware(name: string, factory: MiddlewareFactory): GraphqlExtensionService {
    this.middlewares.set(name, factory);
    return this;
  }
}
