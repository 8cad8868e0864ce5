import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@cms-gen/server/config/load-config';
import { graphqlLimits } from './server';

function appWith(pluginsJs: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-gen-gql-config-'));
  mkdirSync(join(dir, 'config'));
  writeFileSync(join(dir, 'config', 'plugins.js'), pluginsJs);
  return dir;
}

describe('plugins.graphql configuration', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("has Strapi's defaults, with no cost limit (Strapi has none)", () => {
    const dir = appWith('module.exports = {};');
    dirs.push(dir);
    const gql = loadConfig(dir, {}).plugins.graphql;
    expect(gql).toMatchObject({ endpoint: '/graphql', shadowCRUD: true, depthLimit: 10, amountLimit: 100, defaultLimit: 10, complexityLimit: 0, apolloServer: {}, v4CompatibilityMode: false });
    expect(gql.landingPage).toBeUndefined();
  });

  it('accepts a landingPage function and passes apolloServer options through', () => {
    const dir = appWith(`module.exports = ({ env }) => ({ graphql: { config: {
      landingPage: ({ environment }) => environment !== 'production',
      apolloServer: { csrfPrevention: false, plugins: [{ requestDidStart: async () => ({}) }] },
      amountLimit: 50, maxLimit: 80,
    } } });`);
    dirs.push(dir);
    const gql = loadConfig(dir, {}).plugins.graphql;
    expect(typeof gql.landingPage).toBe('function');
    expect(gql.apolloServer.csrfPrevention).toBe(false);
    expect(Array.isArray(gql.apolloServer.plugins)).toBe(true);
    expect(graphqlLimits(gql)).toEqual({ defaultLimit: 10, amountLimit: 50 });
  });

  it('names the file and key of a wrong value', () => {
    const dir = appWith("module.exports = { graphql: { config: { landingPage: 'yes' } } };");
    dirs.push(dir);
    expect(() => loadConfig(dir, {})).toThrow('config/plugins.js: graphql.config.landingPage must be a boolean or a function (got string "yes")');
  });
});
