// Where this cms-gen gets its own packages for an app's vendor/ folder: a checkout packs them from
// its sources, an installed cms-gen from its installed folders.
import { packageInfo } from '../package-info';
import { checkoutPackages, isCheckout } from './checkout-packages';
import { installedPackages } from './installed-packages';
import type { PackageSource } from './packed-package';

export function ownPackageSource(): PackageSource {
  const { root } = packageInfo();
  return isCheckout(root) ? checkoutPackages(root) : installedPackages(root);
}
