// The real-world corpus's config files (test/realworld/<project>/config, as their authors committed
// them) through a first build's bringing (generator/strapi-config.ts): whatever a build brings, the
// runtime loads as a start would, so a new app never fails to start on a file the build brought
// but for a variable the build said was unset; whatever it leaves behind gets a line saying why.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { planStrapiConfig } from '../generator/strapi-config';
import { loadConfig } from '../runtime/server/config/load-config';
import { readMiddlewaresConfig } from '../runtime/server/customize/middlewares-config';

const REALWORLD = join(__dirname, 'realworld');
const projects = readdirSync(REALWORLD).filter((name) => existsSync(join(REALWORLD, name, 'config')));

describe("the real-world corpus's config files", () => {
  it('are there to bring (a corpus without them would prove nothing)', () => {
    expect(projects.length).toBeGreaterThan(30);
  });

  it.each(projects)('%s: what a first build brings loads as the app loads it; what it leaves behind is said', (project) => {
    const plan = planStrapiConfig(join(REALWORLD, project), { graphqlOff: false, env: {} });
    const app = mkdtempSync(join(tmpdir(), 'cms-gen-realworld-config-'));
    try {
      for (const file of plan.brought.flatMap((config) => config.files)) {
        mkdirSync(dirname(join(app, file.path)), { recursive: true });
        writeFileSync(join(app, file.path), file.contents);
      }
      // Loaded as a start would in the same (empty) environment: it starts, or fails only as the
      // build said it would (an S3 bucket or a Cloudinary account the file reads from variables).
      if (plan.unsetHere.length === 0) expect(() => loadConfig(app, {})).not.toThrow();
      else if (plan.unsetHere.some((line) => line.includes('S3 bucket'))) expect(() => loadConfig(app, {})).toThrow('upload.providerOptions.s3Options.params.Bucket is required with provider "aws-s3"');
      else expect(() => loadConfig(app, {})).toThrow(/upload\.providerOptions\.(cloud_name|api_key|api_secret) is required with provider "cloudinary"/);
      expect(() => readMiddlewaresConfig(app, {})).not.toThrow();
      for (const line of plan.leftBehind) expect(line).toMatch(/^config\/[\w./-]+: not brought: \S/);
      // Every config file of the project's own is either brought or said to be left behind.
      const names = readdirSync(join(REALWORLD, project, 'config')).map((file) => file.replace(/\.(ts|js|json)$/, ''));
      for (const name of names.filter((n) => ['server', 'api', 'admin', 'plugins', 'middlewares', 'database'].includes(n))) {
        const said = plan.brought.some((config) => config.name === name) || plan.leftBehind.some((line) => line.startsWith(`config/${name}.`));
        expect([project, name, said]).toEqual([project, name, true]);
      }
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });

  it("brings a project's Cloudinary upload config, saying its account variables are unset here, and it starts once they are set", () => {
    const safeyou = join(REALWORLD, 'UTE-SafeYou--safeyou-baas');
    const plan = planStrapiConfig(safeyou, { graphqlOff: false, env: {} });
    expect(plan.brought.map((config) => config.name)).toContain('plugins');
    expect(plan.unsetHere).toEqual([
      'config/plugins.js: brought, but its Cloudinary account (upload providerOptions.cloud_name, api_key, api_secret) is unset in this environment: the app starts once the variables the file reads for it are set',
    ]);
    const app = mkdtempSync(join(tmpdir(), 'cms-gen-realworld-config-'));
    try {
      for (const file of plan.brought.flatMap((config) => config.files)) {
        mkdirSync(dirname(join(app, file.path)), { recursive: true });
        writeFileSync(join(app, file.path), file.contents);
      }
      const upload = loadConfig(app, { CLOUDINARY_NAME: 'safeyou', CLOUDINARY_KEY: '1234', CLOUDINARY_SECRET: 's3cret' }).plugins.upload;
      expect(upload.provider).toBe('cloudinary');
      expect(upload.providerOptions).toMatchObject({ cloud_name: 'safeyou', api_key: '1234', api_secret: 's3cret' });
      expect(upload.actionOptions).toEqual({ upload: {}, uploadStream: {}, delete: {} });
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });

  it('brings most of them: the corpus exercises the compiled path, not only the refusals', () => {
    const brought = projects.filter((project) => planStrapiConfig(join(REALWORLD, project), { graphqlOff: false, env: {} }).brought.length > 0);
    expect(brought.length).toBeGreaterThan(projects.length / 2);
  });
});
