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

  it('reads a star anywhere as any characters, as Strapi does, and the rest literally', () => {
    const office = { allowedTypes: ['application/vnd.openxmlformats-officedocument.*', 'text/*-csv', '*/json'], deniedTypes: [] };
    expect(mimeTypeAllowed('application/vnd.openxmlformats-officedocument.wordprocessingml.document', office)).toBe(true);
    expect(mimeTypeAllowed('application/vnd.openxmlformats-officedocument', office)).toBe(false);
    expect(mimeTypeAllowed('application/vnd-openxmlformats-officedocument.x', office)).toBe(false);
    expect(mimeTypeAllowed('text/comma-csv', office)).toBe(true);
    expect(mimeTypeAllowed('application/json', office)).toBe(true);
    expect(mimeTypeAllowed('application/pdf', office)).toBe(false);
    expect(mimeTypeAllowed('application/x-elf', { allowedTypes: ['*'], deniedTypes: ['application/x-*'] })).toBe(false);
    expect(mimeTypeAllowed('image/png', { allowedTypes: ['*'], deniedTypes: ['application/x-*'] })).toBe(true);
  });
});
