// sharp, loaded on the first image and configured once for a server that processes untrusted
// uploads one after another.
import type { Sharp, SharpOptions } from 'sharp';
import { loadOptional } from '@cms-gen/server/app/optional-package';

/** sharp's entry point: `require('sharp')` is the factory itself (its CommonJS build). */
type SharpFactory = typeof import('sharp').default;

let loaded: SharpFactory | undefined;

/**
 * Loaded lazily: libvips costs tens of MB of resident memory, which an app that never receives an
 * upload should not carry.
 */
export function sharpOf(path: string, options?: SharpOptions): Sharp {
  if (!loaded) {
    loaded = loadOptional('sharp', 'Image processing (formats, dimensions)', () => require('sharp') as SharpFactory);
    // Every upload is a different image: libvips' operation cache would only hold memory.
    loaded.cache(false);
  }
  return loaded(path, options);
}
