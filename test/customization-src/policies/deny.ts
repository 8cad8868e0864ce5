// Refuses: by returning false, or by throwing a PolicyError with the configured message.
import { PolicyError, type PolicyFunction } from '@cms-gen/runtime';

const deny: PolicyFunction = (_policyContext, config) => {
  const { message } = (config ?? {}) as { message?: string };
  if (message) throw new PolicyError(message, { policy: 'deny' });
  return false;
};

export default deny;
