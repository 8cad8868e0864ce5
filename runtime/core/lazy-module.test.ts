import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('loads on the first call, not before, and once', () => {
    const load = jest.fn(() => ({ answer: 42 }));
    const mod = lazyModule(load);
    expect(load).not.toHaveBeenCalled();
    const first = mod();
    expect(first).toEqual({ answer: 42 });
    expect(mod()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a module whose value is falsy', () => {
    const load = jest.fn(() => 0);
    const mod = lazyModule(load);
    expect([mod(), mod()]).toEqual([0, 0]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load to its caller and tries again on the next call', () => {
    let attempts = 0;
    const mod = lazyModule(() => {
      attempts++;
      if (attempts === 1) throw new Error('not yet');
      return 'loaded';
    });
    expect(() => mod()).toThrow('not yet');
    expect(mod()).toBe('loaded');
    expect(attempts).toBe(2);
  });
});
