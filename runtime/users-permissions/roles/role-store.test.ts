import { roleTypeFromName } from './role-store';

describe('roleTypeFromName', () => {
  it.each([
    ['Editors', 'editors'],
    ['Content Editor', 'content_editor'],
    ['Rédacteur en chef', 'redacteur_en_chef'],
    ['Role abc12', 'role_abc_12'],
    ['  spaced--out  ', 'spaced_out'],
  ])('%s → %s', (name, type) => expect(roleTypeFromName(name)).toBe(type));
});
