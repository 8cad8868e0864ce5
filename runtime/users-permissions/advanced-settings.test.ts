import { memoryApp, type MemoryApp } from './__fixtures__/memory-app';
import { DEFAULT_ADVANCED_SETTINGS, readAdvancedSettings, seedAdvancedSettings, writeAdvancedSettings } from './advanced-settings';

describe('advanced settings', () => {
  let app: MemoryApp;
  beforeAll(async () => {
    app = await memoryApp({ usersPermissions: { advanced: { allow_register: false, email_confirmation: true } } });
  });
  afterAll(() => app.close());

  it('are seeded from the bootstrap file over the defaults', async () => {
    expect(await readAdvancedSettings(app.db)).toEqual({ ...DEFAULT_ADVANCED_SETTINGS, allow_register: false, email_confirmation: true });
  });

  it('keep stored values on later starts', async () => {
    await writeAdvancedSettings(app.db, { allow_register: true, email_confirmation_redirection: 'https://front/confirmed' });
    expect(await seedAdvancedSettings(app.db, { allow_register: false })).toBe(false);
    const settings = await readAdvancedSettings(app.db);
    expect(settings.allow_register).toBe(true);
    expect(settings.email_confirmation_redirection).toBe('https://front/confirmed');
  });

  it('ignore values of the wrong type', async () => {
    await writeAdvancedSettings(app.db, { default_role: '' } as never);
    expect((await readAdvancedSettings(app.db)).default_role).toBe('authenticated');
  });
});
