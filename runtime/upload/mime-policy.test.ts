import { mimeTypeAllowed } from './mime-policy';

describe('mimeTypeAllowed', () => {
  it('allows everything by default', () => {
    expect(mimeTypeAllowed('application/x-elf', { allowedTypes: [], deniedTypes: [] })).toBe(true);
  });

  it('matches exact types and type/* patterns, a denial winning', () => {
    const security = { allowedTypes: ['image/*', 'application/pdf'], deniedTypes: ['image/svg+xml'] };
    expect(mimeTypeAllowed('image/png', security)).toBe(true);
    expect(mimeTypeAllowed('IMAGE/PNG', security)).toBe(true);
    expect(mimeTypeAllowed('application/pdf', security)).toBe(true);
    expect(mimeTypeAllowed('image/svg+xml', security)).toBe(false);
    expect(mimeTypeAllowed('text/plain', security)).toBe(false);
    expect(mimeTypeAllowed('application/x-elf', { allowedTypes: [], deniedTypes: ['application/*'] })).toBe(false);
  });
});
