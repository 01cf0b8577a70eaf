import type { Config } from '../config.ts';
import { nodeEndOfLifeWarning } from './node-support.ts';

/**
 * What this deployment runs with that it should not (test billing in production, an end-of-life Node.js):
 * logged at start and shown to admins in Settings.
 */
export function deploymentWarnings(config: Config, today = new Date(), nodeVersion = process.versions.node): string[] {
  const node = nodeEndOfLifeWarning(nodeVersion, today);
  return node ? [...config.warnings, node] : [...config.warnings];
}
